# SPDX-License-Identifier: MIT
"""Random packet loss without sch_netem: a 8-instruction eBPF tc classifier.

Some kernels (this project's CI VMs) are built without sch_netem and act_gact, but
with cls_bpf. We load a tiny direct-action program through bpf(2), pin it on a
throw-away bpffs, attach it with `tc ... ingress bpf da object-pinned`, and drop the
pin again (the filter keeps the program alive). Loss at the receiving end's ingress
is invisible to the sender, as on a real lossy cable.
"""
import ctypes
import os
import struct
import tempfile

from . import shell
from .labstate import LabError

SYS_BPF = 321                  # x86_64
BPF_PROG_LOAD, BPF_OBJ_PIN = 5, 6
BPF_PROG_TYPE_SCHED_CLS = 3
BPF_FUNC_GET_PRANDOM_U32 = 7
TC_ACT_OK, TC_ACT_SHOT = 0, 2

_libc = ctypes.CDLL(None, use_errno=True)


def insn(code, dst=0, src=0, off=0, imm=0):
    return struct.pack("<BBhi", code, (src << 4) | dst, off, imm)


def loss_program(loss_pct):
    """Drop when a 32-bit random number is at or below the threshold."""
    threshold = min(0xFFFFFFFF, int(loss_pct / 100.0 * 2 ** 32))
    threshold = max(0, threshold - 1) if loss_pct > 0 else 0
    low, high = threshold & 0xFFFFFFFF, threshold >> 32
    return b"".join([
        insn(0x85, imm=BPF_FUNC_GET_PRANDOM_U32),                   # call prandom_u32
        insn(0x18, dst=1, imm=struct.unpack("<i", struct.pack("<I", low))[0]),  # r1 = threshold
        insn(0x00, imm=high),
        insn(0x2D, dst=0, src=1, off=2),                            # if r0 > r1 goto pass
        insn(0xB7, dst=0, imm=TC_ACT_SHOT),                         # r0 = SHOT
        insn(0x95),                                                 # exit
        insn(0xB7, dst=0, imm=TC_ACT_OK),                           # pass: r0 = OK
        insn(0x95),                                                 # exit
    ])


def bpf(cmd, attr):
    buf = ctypes.create_string_buffer(attr, len(attr))
    fd = _libc.syscall(SYS_BPF, cmd, buf, len(attr))
    if fd < 0:
        err = ctypes.get_errno()
        raise LabError(f"bpf({cmd}) failed: {os.strerror(err)}")
    return fd


def load_program(code):
    program = ctypes.create_string_buffer(code, len(code))
    license_ = ctypes.create_string_buffer(b"GPL")
    attr = struct.pack("<IIQQIIQII16s", BPF_PROG_TYPE_SCHED_CLS, len(code) // 8,
                       ctypes.addressof(program), ctypes.addressof(license_),
                       0, 0, 0, 0, 0, b"sparklab_loss")
    return bpf(BPF_PROG_LOAD, attr.ljust(128, b"\0"))


def pin(fd, path):
    raw = ctypes.create_string_buffer(path.encode())
    bpf(BPF_OBJ_PIN, struct.pack("<QII", ctypes.addressof(raw), fd, 0).ljust(32, b"\0"))


def set_ingress_loss(work_dir, targets, loss_pct):
    """Attach (loss_pct > 0) or remove (0) the loss filter on [(netns, ifname)]."""
    for netns, ifname in targets:
        shell.run(["tc", "-n", netns, "qdisc", "del", "dev", ifname, "ingress"], check=False)
    if loss_pct <= 0:
        return
    bpffs = tempfile.mkdtemp(prefix="bpf.", dir=work_dir)
    shell.run(["mount", "-t", "bpf", "bpf", bpffs])
    try:
        fd = load_program(loss_program(loss_pct))
        try:
            pinned = os.path.join(bpffs, "loss")
            pin(fd, pinned)
            for netns, ifname in targets:
                shell.run(["tc", "-n", netns, "qdisc", "add", "dev", ifname, "ingress"])
                shell.run(["tc", "-n", netns, "filter", "add", "dev", ifname, "ingress",
                           "prio", "1", "bpf", "da", "object-pinned", pinned])
            os.unlink(pinned)
        finally:
            os.close(fd)
    finally:
        shell.run(["umount", bpffs], check=False)
        os.rmdir(bpffs)
