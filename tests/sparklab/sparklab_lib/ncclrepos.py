# SPDX-License-Identifier: MIT
"""NVIDIA's NCCL build, run for real with git and make: sparklab's stand-in repositories.

NVIDIA's playbook builds NCCL and nccl-tests on each Spark:
  git clone -b v2.28.9-1 https://github.com/NVIDIA/nccl.git ~/nccl
  cd ~/nccl && make -j"$(nproc)" src.build NVCC_GENCODE="-gencode=arch=compute_121,code=sm_121"
  git clone https://github.com/NVIDIA/nccl-tests.git ~/nccl-tests
  cd ~/nccl-tests && make -j"$(nproc)" MPI=1 MPI_HOME=/usr/lib/<multiarch>/openmpi \\
      CUDA_HOME=/usr/local/cuda NCCL_HOME="$HOME/nccl/build"
An emulated Spark has no internet, no GB10 and no CUDA. At `up` this builds two bare git
repositories in /run/sparklab/<lab>/git (fixed author, committer and dates, so the same
sources give the same commits), copies them into each node's share (the node sees
/run/sparklab-node/git; the lab's own directory is hidden under the node's private /run)
and points the node's /etc/gitconfig at them with url.<base>.insteadOf. The real git
clones them and the real make builds, as the node's user, exactly what `up` installs
(nccl.py): the same nccl.h, libnccl.so.2.28.9 and its links, and the nccl-tests stand-in
built with the same mpicc flags (byte for byte the same binaries).
"""
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

from . import nccl, nodes

TAG = "v2.28.9-1"
BRANCH = "master"                       # the default branch of both NVIDIA repositories
NODE_GIT_DIR = "/run/sparklab-node/git"     # as seen inside a node
REPOSITORIES = {"nccl.git": "https://github.com/NVIDIA/nccl.git",
                "nccl-tests.git": "https://github.com/NVIDIA/nccl-tests.git"}
# Fixed identity and dates: the repositories (and their commit ids) are reproducible.
GIT_IDENTITY = {
    "GIT_AUTHOR_NAME": "sparklab", "GIT_AUTHOR_EMAIL": "sparklab@example.invalid",
    "GIT_COMMITTER_NAME": "sparklab", "GIT_COMMITTER_EMAIL": "sparklab@example.invalid",
    "GIT_AUTHOR_DATE": "2026-01-01T00:00:00+0000",
    "GIT_COMMITTER_DATE": "2026-01-01T00:00:00+0000",
}

NCCL_README = """# NCCL — sparklab stand-in

This is **not** NVIDIA's NCCL source (https://github.com/NVIDIA/nccl). It is sparklab's
stand-in for it, served to the emulated DGX Sparks of Spark Companion's test lab
(`tests/sparklab`): an emulated Spark has no GB10 GPU, no CUDA and no internet.

`make src.build` does what NVIDIA's playbook uses of NCCL's build, as NCCL's own
Makefile lays it out:

- `build/include/nccl.h` from `src/nccl.h.in` and `makefiles/version.mk` (NCCL's
  placeholders, filled by the same `sed`): the real version macros, nothing else;
- `build/lib/libnccl.so.{version}` with the links `libnccl.so.2` and `libnccl.so`:
  a tiny real shared library from the one-line `src/sparklab-nccl-standin.c.in`, which
  only answers `ncclGetVersion`.

It accepts `NVCC_GENCODE`, `CUDA_HOME` and `-j` as NCCL's build does, and fails, as the
real build would, when `$(CUDA_HOME)/bin/nvcc --version` does not run (no CUDA).
"""

NCCL_VERSION_MK = """##### version
NCCL_MAJOR   := {major}
NCCL_MINOR   := {minor}
NCCL_PATCH   := {patch}
NCCL_SUFFIX  :=
PKG_REVISION := 1
"""

NCCL_MAKEFILE = r"""# sparklab stand-in for NVIDIA's NCCL build (see README.md): an emulated DGX Spark has
# no GB10 and no CUDA. `make src.build` makes build/include/nccl.h (NCCL's own way: sed
# over src/nccl.h.in with makefiles/version.mk) and build/lib/libnccl.so.X.Y.Z with its
# links libnccl.so.2 and libnccl.so, a tiny library that only answers ncclGetVersion.
include makefiles/version.mk

CUDA_HOME ?= /usr/local/cuda
NVCC = $(CUDA_HOME)/bin/nvcc
NVCC_GENCODE ?= -gencode=arch=compute_121,code=sm_121
BUILDDIR ?= $(abspath ./build)
LIBRARY_CFLAGS = @LIBRARY_CFLAGS@

NCCL_VERSION := $(shell printf "%d%02d%02d" $(NCCL_MAJOR) $(NCCL_MINOR) $(NCCL_PATCH))
NCCL_RELEASE := $(NCCL_MAJOR).$(NCCL_MINOR).$(NCCL_PATCH)
INCDIR := $(BUILDDIR)/include
LIBDIR := $(BUILDDIR)/lib
LIBTARGET := $(LIBDIR)/libnccl.so.$(NCCL_RELEASE)
SONAME := $(LIBDIR)/libnccl.so.$(NCCL_MAJOR)

FILL = sed -e "s/\$${nccl:Major}/$(NCCL_MAJOR)/g" \
           -e "s/\$${nccl:Minor}/$(NCCL_MINOR)/g" \
           -e "s/\$${nccl:Patch}/$(NCCL_PATCH)/g" \
           -e "s/\$${nccl:Suffix}/$(NCCL_SUFFIX)/g" \
           -e "s/\$${nccl:Version}/$(NCCL_VERSION)/g"

.PHONY: default src.build clean
default: src.build

# NCCL's device code needs nvcc: without CUDA the real build fails too.
ifneq ($(filter-out clean,$(or $(MAKECMDGOALS),default)),)
CUDA_VERSION := $(shell $(NVCC) --version 2>/dev/null | sed -n 's/.*release \([0-9.]*\),.*/\1/p')
ifeq ($(CUDA_VERSION),)
$(error NCCL needs CUDA: "$(NVCC) --version" did not run (no CUDA at CUDA_HOME=$(CUDA_HOME)))
endif
endif

src.build: $(INCDIR)/nccl.h $(LIBTARGET) $(SONAME) $(LIBDIR)/libnccl.so

$(INCDIR)/nccl.h: src/nccl.h.in makefiles/version.mk
	@printf "Generating %-35s > %s\n" $< $@
	@mkdir -p $(INCDIR)
	@$(FILL) $< > $@

$(LIBTARGET): src/sparklab-nccl-standin.c.in makefiles/version.mk
	@printf "Compiling  %-35s > %s (CUDA $(CUDA_VERSION), $(NVCC_GENCODE): sparklab stand-in, no device code)\n" $< $@
	@mkdir -p $(LIBDIR)
	@$(FILL) $< | $(CC) $(LIBRARY_CFLAGS) -o $@ -x c -

$(SONAME): $(LIBTARGET)
	@printf "Linking    %-35s > %s\n" $(notdir $<) $@
	@ln -sf $(notdir $<) $@

$(LIBDIR)/libnccl.so: $(SONAME)
	@printf "Linking    %-35s > %s\n" $(notdir $<) $@
	@ln -sf $(notdir $<) $@

clean:
	rm -rf $(BUILDDIR)
"""

NCCL_TESTS_README = """# nccl-tests — sparklab stand-in

This is **not** NVIDIA's nccl-tests source (https://github.com/NVIDIA/nccl-tests). It is
sparklab's stand-in for it, served to the emulated DGX Sparks of Spark Companion's test
lab (`tests/sparklab`): an emulated Spark has no GB10 GPU, no CUDA and no internet.

`make MPI=1 MPI_HOME=… CUDA_HOME=… NCCL_HOME=…` builds `build/all_gather_perf` and
`build/all_reduce_perf` from `src/nccl-tests-standin.c` with Open MPI's `mpicc`
(`$(MPI_HOME)/bin/mpicc`, else `mpicc` on `PATH`): one program, the test chosen by its
name. MPI starts the ranks; the collective is NCCL's ring over the stand-in's own TCP
connection per CX-7 netdev, printed in nccl-tests' format; `--version` says it is a
stand-in. It fails, as the real build would, without `$(CUDA_HOME)/bin/nvcc`, without
`$(MPI_HOME)/include/mpi.h` or `mpicc`, and without `$(NCCL_HOME)/include/nccl.h`; and
without `MPI=1`, which this stand-in always needs.
"""

NCCL_TESTS_MAKEFILE = r"""# sparklab stand-in for NVIDIA's nccl-tests build (see README.md): an emulated DGX Spark
# has no GB10 and no CUDA. Builds build/all_gather_perf and build/all_reduce_perf from
# src/nccl-tests-standin.c with Open MPI's mpicc, as sparklab itself builds them.
CUDA_HOME ?= /usr/local/cuda
NVCC = $(CUDA_HOME)/bin/nvcc
MPI ?= 0
MPI_HOME ?= /usr/local/mpi
NCCL_HOME ?=
BUILDDIR ?= build
PERF_CFLAGS = @PERF_CFLAGS@
PERF_LIBS = @PERF_LIBS@
MPICC := $(firstword $(wildcard $(MPI_HOME)/bin/mpicc) $(shell command -v mpicc))
TESTS := all_gather_perf all_reduce_perf

.PHONY: default src.build clean
default: src.build

ifneq ($(filter-out clean,$(or $(MAKECMDGOALS),default)),)
ifneq ($(MPI),1)
$(error sparklab stand-in for nccl-tests: build it with MPI=1 MPI_HOME=... as NVIDIA's playbook does (mpirun starts its ranks; there is no single-process build))
endif
ifeq ($(shell $(NVCC) --version >/dev/null 2>&1 && echo ok),)
$(error nccl-tests needs CUDA: "$(NVCC) --version" did not run (no CUDA at CUDA_HOME=$(CUDA_HOME)))
endif
ifeq ($(wildcard $(MPI_HOME)/include/mpi.h),)
$(error $(MPI_HOME)/include/mpi.h: No such file or directory (MPI=1 needs Open MPI at MPI_HOME))
endif
ifeq ($(MPICC),)
$(error no mpicc in $(MPI_HOME)/bin or on PATH (Open MPI's compiler wrapper))
endif
ifeq ($(wildcard $(NCCL_HOME)/include/nccl.h),)
$(error $(NCCL_HOME)/include/nccl.h: No such file or directory (NCCL_HOME must be a built NCCL: make src.build in NCCL's source))
endif
endif

src.build: $(TESTS:%=$(BUILDDIR)/%)

$(BUILDDIR)/%_perf: src/nccl-tests-standin.c $(NCCL_HOME)/include/nccl.h
	@printf "Compiling  %-25s > %s (sparklab stand-in, $(MPICC))\n" $(notdir $<) $@
	@mkdir -p $(BUILDDIR)
	@$(MPICC) $(PERF_CFLAGS) -o $@ $< $(PERF_LIBS)

clean:
	rm -rf $(BUILDDIR)
"""


def git_dir(lab):
    return os.path.join(lab.dir, "git")


def nccl_files(version=nccl.DEFAULT_VERSION):
    major, minor, patch = version.split(".")
    return {
        "README.md": NCCL_README.format(version=version),
        ".gitignore": "/build\n",
        "makefiles/version.mk": NCCL_VERSION_MK.format(major=major, minor=minor, patch=patch),
        "src/nccl.h.in": nccl.HEADER_TEMPLATE,
        "src/sparklab-nccl-standin.c.in": nccl.LIBRARY_TEMPLATE,
        "Makefile": NCCL_MAKEFILE.replace("@LIBRARY_CFLAGS@", shlex.join(nccl.LIBRARY_CFLAGS)),
    }


def nccl_tests_files():
    with open(nccl.SOURCE) as f:
        source = f.read()
    return {
        "README.md": NCCL_TESTS_README,
        ".gitignore": "/build\n",
        "src/nccl-tests-standin.c": source,
        "Makefile": NCCL_TESTS_MAKEFILE.replace("@PERF_CFLAGS@", shlex.join(nccl.PERF_CFLAGS))
                                       .replace("@PERF_LIBS@", shlex.join(nccl.PERF_LIBS)),
    }


def make_repository(path, files, message, tag=None):
    """A bare repository at `path` with one commit of `files` on BRANCH (and `tag`)."""
    with tempfile.TemporaryDirectory(prefix="sparklab-git.") as tmp:
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": tmp, "LC_ALL": "C",
               "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", **GIT_IDENTITY}
        work = os.path.join(tmp, "work")
        for name, text in files.items():
            full = os.path.join(work, name)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w") as f:
                f.write(text)
        git = ["git", "-c", "core.autocrlf=false", "-c", "core.fileMode=true",
               f"--git-dir={path}", f"--work-tree={work}"]
        subprocess.run(["git", "init", "-q", "--bare", f"--initial-branch={BRANCH}", path],
                       env=env, check=True, capture_output=True)
        for cmd in (["add", "-A"], ["commit", "-q", "-m", message]) + \
                ((["tag", "-a", tag, "-m", f"NCCL {tag} (sparklab stand-in)"],) if tag else ()):
            subprocess.run(git + cmd, env=env, check=True, capture_output=True, text=True)
    for root, dirs, names in os.walk(path):
        for name in dirs + names:
            full = os.path.join(root, name)
            if not os.path.islink(full):
                os.chmod(full, os.stat(full).st_mode | 0o444 | (0o111 if name in dirs else 0))


def build(lab):
    """The two stand-in repositories in /run/sparklab/<lab>/git. Without git on the host,
    says so; the nodes then cannot clone NVIDIA's repositories."""
    if not shutil.which("git"):
        print("sparklab: no git on this machine (Debian package git): the nodes cannot "
              "clone NCCL or nccl-tests", file=sys.stderr)
        return False
    target = git_dir(lab)
    shutil.rmtree(target, ignore_errors=True)
    os.makedirs(target)
    os.chmod(target, 0o755)
    try:
        make_repository(os.path.join(target, "nccl.git"), nccl_files(),
                        f"NCCL {nccl.DEFAULT_VERSION}-1: sparklab stand-in (no GB10 or CUDA "
                        "on an emulated DGX Spark)", tag=TAG)
        make_repository(os.path.join(target, "nccl-tests.git"), nccl_tests_files(),
                        "nccl-tests: sparklab stand-in (no GB10 or CUDA on an emulated DGX Spark)")
    except subprocess.CalledProcessError as error:
        print(f"sparklab: making the stand-in NCCL repositories failed:\n{error.stderr}",
              file=sys.stderr)
        return False
    return True


def gitconfig_text():
    lines = ["# sparklab: an emulated DGX Spark has no internet. NVIDIA's NCCL and nccl-tests",
             "# repositories are sparklab's stand-ins (no GB10 or CUDA here), served from",
             f"# {NODE_GIT_DIR}; the real git clones them and the real make builds them."]
    for name, url in REPOSITORIES.items():
        lines += [f'[url "file://{NODE_GIT_DIR}/{name}"]', f"\tinsteadOf = {url}"]
    lines += ["# they belong to root (read-only to the user): git's ownership check must allow them",
              "[safe]"] + [f"\tdirectory = {NODE_GIT_DIR}/{name}" for name in REPOSITORIES]
    return "\n".join(lines) + "\n"


def install(lab, node):
    """The repositories into the node's share (/run/sparklab-node/git, read-only to the
    node's user) and the node's /etc/gitconfig pointing NVIDIA's URLs at them."""
    source = git_dir(lab)
    if not os.path.isdir(os.path.join(source, "nccl-tests.git")):
        return False
    target = os.path.join(lab.node_dir(node["name"]), "share", "git")
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(source, target, symlinks=True)
    nodes.write_node_file(node["holder_pid"], "/etc/gitconfig", gitconfig_text())
    return True
