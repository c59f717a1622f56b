# SPDX-License-Identifier: MIT
"""What NVIDIA's NCCL playbook needs on a Spark, with stand-ins where a PC lacks the hardware.

A PC has no GB10, no CUDA and no NCCL. Each node gets, as the playbook leaves a Spark:
  /usr/local/cuda -> cuda-13.0, with bin/nvcc (a stand-in printing CUDA 13.0's
      `nvcc --version`) and lib64/ (empty)
  ~/nccl/build/include/nccl.h      the real version macros, nothing else
  ~/nccl/build/lib/libnccl.so.X.Y.Z (+ libnccl.so.2, libnccl.so)   a tiny real shared
      library built here from a one-line stand-in source; it answers ncclGetVersion
  ~/nccl-tests/build/all_gather_perf, all_reduce_perf   node-tools/nccl-tests-standin.c
      built with the host's mpicc (libopenmpi-dev): MPI bootstraps the ranks, the
      collective is NCCL's ring over the stand-in's own TCP connection per CX-7 netdev
      behind NCCL_IB_HCA (real traffic on the shaped cables), printed in nccl-tests' format
Everything is built once per lab into /run/sparklab/<lab>/nccl-standin, never into the
host's system directories; mpirun itself is the host's real Open MPI.
The playbook's own build (git clone + make of NCCL and nccl-tests) gets sparklab's
stand-in repositories (ncclrepos.py), which build these same files from these templates.
"""
import os
import shutil
import subprocess
import sys

from . import nodes, shell

SOURCE = os.path.join(nodes.NODE_TOOLS_SRC, "nccl-tests-standin.c")
DEFAULT_VERSION = "2.28.9"
PERF_TESTS = ("all_gather_perf", "all_reduce_perf")
CUDA_DIR = "/usr/local/cuda-13.0"
NVCC = """#!/bin/sh
# sparklab stand-in for CUDA 13.0's nvcc: an emulated DGX Spark has no GB10 and no CUDA.
case "$1" in
  --version|-V)
    cat <<'EOF'
nvcc: NVIDIA (R) Cuda compiler driver
Copyright (c) 2005-2025 NVIDIA Corporation
Built on Wed_Aug_20_01:57:39_PM_PDT_2025
Cuda compilation tools, release 13.0, V13.0.88
Build cuda_13.0.r13.0/compiler.36424714_0
EOF
    exit 0 ;;
  --help|-h)
    echo "nvcc: sparklab stand-in for the CUDA 13.0 compiler driver (an emulated DGX Spark"
    echo "has no GB10 and no CUDA); it answers --version only."
    exit 0 ;;
esac
echo "nvcc fatal   : sparklab stand-in: no CUDA compiler on an emulated DGX Spark" >&2
exit 1
"""


def version_code(version):
    major, minor, patch = (int(p) for p in version.split("."))
    return major * 10000 + minor * 100 + patch


def check_version(version):
    parts = version.split(".")
    if len(parts) != 3 or not all(p.isdigit() for p in parts) or int(parts[0]) != 2:
        raise ValueError(f"not an NCCL 2.x version: {version!r} (e.g. 2.27.7)")


# NCCL's own placeholders (its src/nccl.h.in), filled from makefiles/version.mk by its
# Makefile's sed; fill_template() does the same here. The stand-in source repository
# (ncclrepos.py) holds these two texts as they are, so the node's `make src.build` and
# `up` make the same nccl.h and the same library.
HEADER_TEMPLATE = """/*
 * sparklab stand-in for NCCL ${nccl:Major}.${nccl:Minor}.${nccl:Patch}'s nccl.h: an emulated DGX Spark has no GB10, CUDA
 * or NCCL. The version macros are the real header's; the library beside it only
 * answers ncclGetVersion.
 */
#ifndef NCCL_H_
#define NCCL_H_

#define NCCL_MAJOR ${nccl:Major}
#define NCCL_MINOR ${nccl:Minor}
#define NCCL_PATCH ${nccl:Patch}
#define NCCL_SUFFIX "${nccl:Suffix}"

#define NCCL_VERSION_CODE ${nccl:Version}
#define NCCL_VERSION(X,Y,Z) (((X) <= 2 && (Y) <= 8) ? (X) * 1000 + (Y) * 100 + (Z) : (X) * 10000 + (Y) * 100 + (Z))

typedef enum { ncclSuccess = 0 } ncclResult_t;
ncclResult_t ncclGetVersion(int *version);

#endif /* NCCL_H_ */
"""
LIBRARY_TEMPLATE = ('const char sparklab_nccl_standin[] = "sparklab stand-in for NCCL '
                    '${nccl:Major}.${nccl:Minor}.${nccl:Patch}: no GB10, CUDA or NCCL on an '
                    'emulated DGX Spark"; int ncclGetVersion(int *v) '
                    '{ *v = ${nccl:Version}; return 0; }\n')
# How the library and the nccl-tests stand-in are compiled, here and by the stand-in
# repositories' Makefiles (the library's source comes on stdin).
LIBRARY_CFLAGS = ["-shared", "-fPIC", "-O2", "-Wl,-soname,libnccl.so.2"]
PERF_CFLAGS = ["-O2", "-pthread"]
PERF_LIBS = ["-ldl"]


def fill_template(text, version):
    major, minor, patch = (int(p) for p in version.split("."))
    for name, value in (("Major", major), ("Minor", minor), ("Patch", patch), ("Suffix", ""),
                        ("Version", version_code(version))):
        text = text.replace("${nccl:%s}" % name, str(value))
    return text


def header_text(version):
    return fill_template(HEADER_TEMPLATE, version)


def library_source(version):
    return fill_template(LIBRARY_TEMPLATE, version)


def build_dir(lab):
    return os.path.join(lab.dir, "nccl-standin")


def perf_binary(lab):
    return os.path.join(build_dir(lab), "nccl-tests-standin")


def library_path(lab, version):
    return os.path.join(build_dir(lab), f"libnccl.so.{version}")


def build_library(lab, version):
    """libnccl.so.VERSION (soname libnccl.so.2) from the one-line stand-in source."""
    target = library_path(lab, version)
    if not os.path.exists(target):
        os.makedirs(build_dir(lab), exist_ok=True)
        shell.run(["cc", *LIBRARY_CFLAGS, "-o", target, "-x", "c", "-"],
                  input=library_source(version))
    return target


def build(lab):
    """The nccl-tests stand-in (host mpicc) and the default NCCL library, into the lab's
    directory. Without mpicc (libopenmpi-dev) nodes get no ~/nccl-tests: says so."""
    os.makedirs(build_dir(lab), exist_ok=True)
    os.chmod(build_dir(lab), 0o755)
    build_library(lab, DEFAULT_VERSION)
    if not shutil.which("mpicc"):
        print("sparklab: no mpicc on this machine (Debian package libopenmpi-dev): the nodes "
              "get no ~/nccl-tests", file=sys.stderr)
        return False
    result = subprocess.run(["mpicc", *PERF_CFLAGS, "-o", perf_binary(lab), SOURCE, *PERF_LIBS],
                            text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if result.returncode != 0:
        print(f"sparklab: building the nccl-tests stand-in failed:\n{result.stdout}",
              file=sys.stderr)
        return False
    return True


def home(state):
    return f"/home/{state['user']}"


def owner(state):
    return state["uid"], state["gid"]


def make_user_dirs(pid, state, *paths):
    for path in paths:
        full = shell.node_path(pid, path)
        os.makedirs(full, exist_ok=True)
        os.chown(full, *owner(state))
        os.chmod(full, 0o755)


def install_cuda(pid):
    """/usr/local/cuda -> cuda-13.0 with bin/nvcc and lib64/ (the node's /usr/local overlay)."""
    root = shell.node_path(pid, CUDA_DIR)
    os.makedirs(os.path.join(root, "bin"), exist_ok=True)
    os.makedirs(os.path.join(root, "lib64"), exist_ok=True)
    nodes.write_node_file(pid, f"{CUDA_DIR}/bin/nvcc", NVCC, 0o755)
    link = shell.node_path(pid, "/usr/local/cuda")
    if not os.path.lexists(link):
        os.symlink(os.path.basename(CUDA_DIR), link)


def install_nccl(lab, state, node, version=DEFAULT_VERSION):
    """~/nccl/build as the playbook's `make` leaves it, for NCCL `version`."""
    pid = node["holder_pid"]
    base = f"{home(state)}/nccl/build"
    make_user_dirs(pid, state, f"{home(state)}/nccl", base, f"{base}/include", f"{base}/lib")
    nodes.write_node_file(pid, f"{base}/include/nccl.h", header_text(version), 0o644,
                          owner(state))
    lib_dir = shell.node_path(pid, f"{base}/lib")
    for name in os.listdir(lib_dir):
        if name.startswith("libnccl.so"):
            os.unlink(os.path.join(lib_dir, name))
    target = os.path.join(lib_dir, f"libnccl.so.{version}")
    shutil.copy(build_library(lab, version), target)
    os.chmod(target, 0o755)
    os.chown(target, *owner(state))
    for link, points_to in (("libnccl.so.2", f"libnccl.so.{version}"), ("libnccl.so", "libnccl.so.2")):
        os.symlink(points_to, os.path.join(lib_dir, link))
        os.lchown(os.path.join(lib_dir, link), *owner(state))


def install_nccl_tests(lab, state, node):
    """~/nccl-tests/build/all_gather_perf and all_reduce_perf, owned by the user."""
    if not os.path.exists(perf_binary(lab)):
        return False
    pid = node["holder_pid"]
    base = f"{home(state)}/nccl-tests"
    make_user_dirs(pid, state, base, f"{base}/build")
    for name in PERF_TESTS:
        target = shell.node_path(pid, f"{base}/build/{name}")
        shutil.copy(perf_binary(lab), target)
        os.chmod(target, 0o755)
        os.chown(target, *owner(state))
    return True


def remove_nccl(state, node):
    shutil.rmtree(shell.node_path(node["holder_pid"], f"{home(state)}/nccl"), ignore_errors=True)


def remove_nccl_tests(state, node):
    shutil.rmtree(shell.node_path(node["holder_pid"], f"{home(state)}/nccl-tests"),
                  ignore_errors=True)


def install(lab, state, node):
    install_cuda(node["holder_pid"])
    install_nccl(lab, state, node, node.get("nccl_version", DEFAULT_VERSION))
    install_nccl_tests(lab, state, node)
