# SPDX-License-Identifier: MIT
"""sparklab stand-in for perftest's ib_write_bw and ib_write_lat.

Real traffic, but over TCP sockets bound (SO_BINDTODEVICE) to the netdev behind the
RoCE device and to the address of the chosen GID, so it crosses exactly the
emulated cable and its shaping. Output uses perftest's table formats.

As with the real tools, the server address on the client's command line is only
for the connection set-up (perftest's out-of-band exchange of GIDs over TCP):
with an IPv4 GID the stand-in's traffic then goes to the peer's GID address,
which is that same address; with an IPv6 link-local GID (a twin before any
address is configured) the set-up goes to the given address (for example the
management network's) and the traffic to the peer's link-local GID on the twin.
"""
import argparse
import errno
import ipaddress
import json
import os
import socket
import statistics
import sys
import threading
import time

import sparknode

DEFAULT_PORT = 18515
HEADER_SIZE = 512
LINE = "-" * 87
BW_FMT = " %-7d    %-10d       %-7.2f            %-7.2f\t\t   %-7.6f"
LAT_FMT = (" %-7d %d          %-7.2f        %-7.2f      %-7.2f  \t%-7.2f     \t%-7.2f   "
           "\t\t%-7.2f   \t\t%-7.2f")
LAT_HEADER = (" #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]    t_avg[usec]"
              "    t_stdev[usec]   99% percentile[usec]   99.9% percentile[usec] ")


class PerftestError(Exception):
    pass


def parse_args(tool, argv):
    p = argparse.ArgumentParser(
        prog=tool, add_help=False,
        description=f"{tool} -- sparklab stand-in for perftest. {sparknode.STANDIN_NOTE} "
                    "Traffic is TCP over the netdev behind the RoCE device.")
    p.add_argument("host", nargs="?")
    p.add_argument("-h", "--help", action="store_true")
    p.add_argument("-d", "--ib-dev", dest="device")
    p.add_argument("-x", "--gid-index", dest="gid_index", type=int)
    p.add_argument("-p", "--port", type=int, default=DEFAULT_PORT)
    p.add_argument("-D", "--duration", type=float)
    p.add_argument("-n", "--iters", dest="iterations", type=int)
    p.add_argument("-s", "--size", type=int)
    p.add_argument("-q", "--qp", dest="qps", type=int, default=1)
    p.add_argument("-i", "--ib-port", dest="ib_port", type=int, default=1)
    p.add_argument("-F", "--CPU-freq", dest="cpu_freq", action="store_true")
    p.add_argument("-R", "--rdma_cm", dest="rdma_cm", action="store_true")
    p.add_argument("--report_gbits", action="store_true")
    p.add_argument("--run_infinitely", action="store_true")
    args = p.parse_args(argv)
    if args.help:
        p.print_help()
        sys.exit(0)
    return args


# ---------------------------------------------------------------- device and GID

def resolve_device(name, gid_index=None):
    """(netdev, local IPv4, gid index, gid) for -d / -x, like perftest checks them."""
    entries = sparknode.cx7_devices()
    if name is None:
        name = next((roce for _, _, dev, roce, _ in entries
                     if sparknode.netdev_exists("", dev)), None)
    entry = sparknode.find_device(name or "")
    if entry is None or not sparknode.netdev_exists("", entry[2]):
        raise PerftestError(f" IB device {name} not found\n Unable to find the Infiniband/RoCE device")
    dev, roce = entry[2], entry[3]
    if not sparknode.link_is_up("", dev):
        raise PerftestError(" Port number 1 state is Down\n Couldn't set the link layer")
    base = f"/sys/class/infiniband/{roce}/ports/1"
    types_dir = f"{base}/gid_attrs/types"
    indexes = sorted(int(i) for i in os.listdir(types_dir)) if os.path.isdir(types_dir) else []
    chosen = gid_index
    if chosen is None:
        for i in indexes:
            gid = sparknode.read_sys("", f"{base}/gids/{i}")
            if sparknode.read_sys("", f"{types_dir}/{i}") == "RoCE v2" and ipv4_of_gid(gid):
                chosen = i
                break
    gid = sparknode.read_sys("", f"{base}/gids/{chosen}") if chosen is not None else ""
    address = ipv4_of_gid(gid) or link_local_of_gid(gid)
    if chosen not in indexes or address is None:
        raise PerftestError(f" Failed to modify QP to RTR\n Unable to Connect the HCA's through "
                            f"the link (GID index {chosen} on {roce} is not a RoCE IPv4 or link-local GID)")
    return dev, roce, address, chosen, gid


def ipv4_of_gid(gid):
    groups = gid.split(":")
    if len(groups) != 8 or groups[:6] != ["0000"] * 5 + ["ffff"]:
        return None
    raw = bytes.fromhex(groups[6] + groups[7])
    return ".".join(str(b) for b in raw)


def link_local_of_gid(gid):
    """fe80::… for a link-local GID, else None."""
    groups = gid.split(":")
    if len(groups) != 8 or groups[0].lower() != "fe80" or groups[1:4] != ["0000"] * 3:
        return None
    return str(ipaddress.IPv6Address(bytes.fromhex("".join(groups))))


def is_link_local(address):
    return ":" in address


def gid_dotted(gid):
    raw = bytes.fromhex(gid.replace(":", ""))
    return ":".join(f"{b:02d}" for b in raw)


def bind_when_usable(sock, where, seconds=3.0):
    """Binds once the address may be used. A link-local address the kernel is
    still checking for duplicates (about a second after a port comes up or its
    profile is activated again) refuses a bind with EADDRNOTAVAIL; the real
    ib_write_bw reaches its GID over RDMA and never meets that, so the stand-in
    waits it out rather than fail where the real tool would not."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            sock.bind(where)
            return
        except OSError as error:
            if error.errno != errno.EADDRNOTAVAIL or time.monotonic() >= deadline:
                raise
            time.sleep(0.05)


def bound_socket(dev, address):
    s = socket.socket(socket.AF_INET6 if is_link_local(address) else socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_BINDTODEVICE, dev.encode())
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


# ---------------------------------------------------------------- banner

def banner(test, roce, qps, gid_index, gid, remote_gid, mtu):
    print(LINE)
    print(f"                    {test}")
    print(f" Dual-port       : OFF\t\tDevice         : {roce}")
    print(f" Number of qps   : {qps}\t\tTransport type : IB")
    print(" Connection type : RC\t\tUsing SRQ      : OFF")
    print(" PCIe relax order: ON")
    print(" ibv_wr* API     : ON")
    print(" TX depth        : 128")
    print(" CQ Moderation   : 1")
    print(f" Mtu             : {mtu}[B]")
    print(" Link type       : Ethernet")
    print(f" GID index       : {gid_index}")
    print(" Max inline data : 0[B]")
    print(" rdma_cm QPs\t : OFF")
    print(" Data ex. method : Ethernet")
    print(" Stand-in        : sparklab (TCP over the netdev, not RDMA)")
    print(LINE)
    print(" local address: LID 0000 QPN 0x0108 PSN 0x9c1b5e RKey 0x1fffbd VAddr 0x00ffff8a200000")
    print(f" GID: {gid_dotted(gid)}")
    print(" remote address: LID 0000 QPN 0x0108 PSN 0x1d1e0e RKey 0x1fffbd VAddr 0x00ffff8a880000")
    print(f" GID: {gid_dotted(remote_gid)}")
    print(LINE, flush=True)


def roce_mtu(dev):
    mtu = int(sparknode.read_sys("", f"/sys/class/net/{dev}/mtu", "1500") or 1500)
    return max(m for m in (256, 512, 1024, 2048, 4096) if m <= max(256, mtu - 100))


# ---------------------------------------------------------------- connection set-up

def send_header(sock, data):
    raw = json.dumps(data).encode()
    sock.sendall(raw + b" " * (HEADER_SIZE - len(raw)))


def recv_exact(sock, n):
    buf = bytearray()
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            raise PerftestError(" Connection closed by peer")
        buf += chunk
    return bytes(buf)


def recv_header(sock):
    return json.loads(recv_exact(sock, HEADER_SIZE).decode())


def sockaddr(address, port, dev):
    if is_link_local(address):
        return (address, port, 0, socket.if_nametoindex(dev))
    return (address, port)


def serve(args, dev, address, gid):
    listener = bound_socket(dev, address)
    bind_when_usable(listener, sockaddr(address, args.port, dev))
    listener.listen(64)
    setup = None
    if is_link_local(address):
        # The set-up connection arrives on any IPv4 address of the node, as perftest's does.
        setup = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        setup.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        setup.bind(("", args.port))
        setup.listen(1)
    print("\n************************************\n* Waiting for client to connect... *\n"
          "************************************", flush=True)
    if setup is not None:
        oob, _ = setup.accept()
        params = recv_header(oob)
        send_header(oob, {"gid": gid})
        oob.close()
        setup.close()
        conns = []
    else:
        first, _ = listener.accept()
        params = recv_header(first)
        conns = [first]
    while len(conns) < params["qps"]:
        conn, _ = listener.accept()
        recv_header(conn)
        conns.append(conn)
    listener.close()
    return conns, params


def exchange_gids(args, params):
    """perftest's out-of-band set-up: the peer's GID, over TCP to the given host."""
    try:
        with socket.create_connection((args.host, args.port), timeout=5.0) as oob:
            send_header(oob, params)
            return recv_header(oob)["gid"]
    except OSError:
        raise PerftestError(f"Couldn't connect to {args.host}:{args.port}\n"
                            " Unable to open file descriptor for socket connection "
                            "Unable to init the socket connection") from None


def connect(args, dev, address, params):
    conns = []
    target = args.host
    if is_link_local(address):
        target = link_local_of_gid(exchange_gids(args, params))
        if target is None:
            raise PerftestError(" Failed to modify QP to RTR\n the peer's GID is not link-local")
    for qp in range(params["qps"]):
        s = bound_socket(dev, address)
        bind_when_usable(s, sockaddr(address, 0, dev))
        s.settimeout(5.0)
        try:
            s.connect(sockaddr(target, args.port, dev))
        except OSError:
            raise PerftestError(f"Couldn't connect to {args.host}:{args.port}\n"
                                " Unable to open file descriptor for socket connection "
                                "Unable to init the socket connection") from None
        s.settimeout(None)
        send_header(s, dict(params, qp=qp))
        conns.append(s)
    return conns


# ---------------------------------------------------------------- bandwidth

class Meter:
    """Counts bytes across QP threads; reports intervals and the busiest window."""

    def __init__(self):
        self.lock = threading.Lock()
        self.bytes = 0
        self.start = time.monotonic()
        self.peak = 0.0
        self._window_start, self._window_bytes = self.start, 0

    def add(self, n):
        with self.lock:
            self.bytes += n
            self._window_bytes += n
            now = time.monotonic()
            if now - self._window_start >= 0.25:
                self.peak = max(self.peak, self._window_bytes * 8 / (now - self._window_start))
                self._window_start, self._window_bytes = now, 0


def sender(sock, size, deadline, budget, meter, stop):
    payload = b"\x5a" * size
    sent = 0
    try:
        while (not stop.is_set() and time.monotonic() < deadline
               and (budget is None or sent < budget)):
            sock.sendall(payload)
            sent += 1
            meter.add(size)
        sock.shutdown(socket.SHUT_WR)
    except OSError:
        stop.set()      # the server went away (e.g. --run_infinitely stopped)


def receiver(sock, meter):
    # Into one buffer: recv(1 MiB) allocates (and maps) a fresh megabyte per call,
    # ten times the CPU of the copy itself, and side by side on a small host the
    # stand-in's CPU, not the emulated cable, set the rate.
    view = memoryview(bytearray(1 << 20))
    try:
        while True:
            count = sock.recv_into(view)
            if not count:
                break
            meter.add(count)
    except OSError:
        pass


def bw_line(args_size, nbytes, seconds, peak_bps, gbits, peak_zero=False):
    iterations = nbytes // args_size
    avg_bps = nbytes * 8 / seconds if seconds > 0 else 0.0
    to_unit = (lambda bps: bps / 1e9) if gbits else (lambda bps: bps / 8 / 1048576)
    peak = 0.0 if peak_zero else max(peak_bps, avg_bps)
    rate = iterations / seconds / 1e6 if seconds > 0 else 0.0
    return BW_FMT % (args_size, iterations, to_unit(peak), to_unit(avg_bps), rate)


def bw_table_header(gbits):
    unit = "Gb/sec" if gbits else "MB/sec"
    print(f" #bytes     #iterations    BW peak[{unit}]    BW average[{unit}]   MsgRate[Mpps]",
          flush=True)


def run_bw(args, dev, roce, address, gid_index, gid):
    size = args.size or 65536
    params = {"test": "bw", "size": size, "qps": args.qps, "duration": args.duration,
              "iterations": args.iterations or (None if args.duration else 5000),
              "infinite": args.run_infinitely, "gbits": args.report_gbits, "gid": gid}
    if args.host:
        conns = connect(args, dev, address, params)
        recv_gid = recv_header(conns[0])["gid"]
    else:
        conns, params = serve(args, dev, address, gid)
        send_header(conns[0], {"gid": gid})
        recv_gid = params["gid"]
        size = params["size"]
    banner("RDMA_Write BW Test", roce, params["qps"], gid_index, gid, recv_gid, roce_mtu(dev))
    bw_table_header(params["gbits"])
    meter, stop = Meter(), threading.Event()
    interval = params["duration"] or 5.0
    if params["infinite"]:
        deadline, budget = float("inf"), None
    elif params["duration"]:
        deadline, budget = time.monotonic() + params["duration"], None
    else:
        deadline, budget = float("inf"), -(-params["iterations"] // params["qps"])
    if args.host:
        threads = [threading.Thread(target=sender, daemon=True,
                                    args=(c, size, deadline, budget, meter, stop)) for c in conns]
    else:
        threads = [threading.Thread(target=receiver, daemon=True, args=(c, meter)) for c in conns]
    for t in threads:
        t.start()
    try:
        last_bytes, last_time = 0, meter.start
        while any(t.is_alive() for t in threads):
            if not params["infinite"]:
                for t in threads:
                    t.join()
                break
            time.sleep(max(0.0, last_time + interval - time.monotonic()))
            now = time.monotonic()
            print(bw_line(size, meter.bytes - last_bytes, now - last_time, 0, params["gbits"],
                          peak_zero=True), flush=True)
            sparknode.add_rdma_bytes(dev, "tx" if args.host else "rx", meter.bytes - last_bytes)
            last_bytes, last_time = meter.bytes, now
    except KeyboardInterrupt:
        stop.set()
        return 0
    elapsed = time.monotonic() - meter.start
    if params["infinite"]:
        return 0 if args.host is None else 1     # the peer stopped; lines were printed
    try:
        if args.host:
            # the receiver's count is the truth: TCP buffers hide the last bytes from the sender
            result = recv_header(conns[0])
            nbytes, elapsed, peak = result["bytes"], result["seconds"], result["peak"]
        else:
            nbytes, peak = meter.bytes, meter.peak
            send_header(conns[0], {"bytes": nbytes, "seconds": elapsed, "peak": peak})
    except (OSError, ValueError) as error:
        raise PerftestError(f" Failed to exchange results with the peer: {error}") from None
    sparknode.add_rdma_bytes(dev, "tx" if args.host else "rx", nbytes)
    print(bw_line(size, nbytes, elapsed, peak, params["gbits"]))
    print(LINE, flush=True)
    for c in conns:
        c.close()
    return 0


# ---------------------------------------------------------------- latency

def run_lat(args, dev, roce, address, gid_index, gid):
    size = args.size or 2
    params = {"test": "lat", "size": size, "qps": 1, "iterations": args.iterations or 1000,
              "gid": gid, "gbits": False, "duration": None, "infinite": False}
    if args.host:
        (conn,) = connect(args, dev, address, params)
        remote_gid = recv_header(conn)["gid"]
    else:
        (conn,), params = serve(args, dev, address, gid)
        send_header(conn, {"gid": gid})
        remote_gid, size = params["gid"], params["size"]
    banner("RDMA_Write Latency Test", roce, 1, gid_index, gid, remote_gid, roce_mtu(dev))
    payload = b"\x5a" * size
    samples = []
    for _ in range(params["iterations"]):
        if args.host:
            t0 = time.perf_counter()
            conn.sendall(payload)
            recv_exact(conn, size)
            samples.append((time.perf_counter() - t0) / 2 * 1e6)
        else:
            recv_exact(conn, size)
            conn.sendall(payload)
    print(LAT_HEADER)
    if samples:
        samples.sort()
        pick = lambda q: samples[min(len(samples) - 1, int(q * len(samples)))]  # noqa: E731
        print(LAT_FMT % (size, len(samples), samples[0], samples[-1], statistics.median(samples),
                         statistics.fmean(samples), statistics.pstdev(samples), pick(0.99),
                         pick(0.999)))
    print(LINE, flush=True)
    conn.close()
    return 0


def main(tool, argv):
    args = parse_args(tool, argv)
    try:
        dev, roce, address, gid_index, gid = resolve_device(args.device, args.gid_index)
        run = run_lat if tool.endswith("_lat") else run_bw
        return run(args, dev, roce, address, gid_index, gid)
    except PerftestError as error:
        print(str(error), file=sys.stderr)
        return 1
