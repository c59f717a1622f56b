// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/linktest/linksample.h"

#include <QString>
#include <QStringList>

namespace spark::LinkTestCommands {

// Every builder returns the argument vector (program first) of one remote
// command, from validated tokens only: addresses must parse as IP addresses,
// device names match the kernel's naming, numbers are range-checked. The SSH
// layer quotes each word; nothing here is ever pasted into a shell line.
//
// Debian 12 ships iperf3 3.12, which has no --json-stream (3.13+): live
// samples come from the text interval lines, flushed every second
// (--forceflush), in Mbit/s (-f m) so that small rates keep their digits.

// Which way an iperf3 client drives traffic relative to itself.
enum class Iperf3Mode { Send, Receive, Both };

struct Iperf3Client
{
    QString serverAddress;  // the peer twin's address (scoped when link-local)
    QString bindAddress;    // this twin's address (the route must use this twin)
    int port = 5201;
    int streams = 4;        // parallel TCP streams (1–128)
    int seconds = 10;       // 1–86400
    Iperf3Mode mode = Iperf3Mode::Send;
};

// `iperf3 -s -1 -p P --bind ADDR -i 1 -f m --forceflush`: one test, then exits.
Expected<QStringList> iperf3Server(const QString &bindAddress, int port);
Expected<QStringList> iperf3Client(const Iperf3Client &client);
// The same client with --json (no interval lines): the final result only.
Expected<QStringList> iperf3ClientJson(const Iperf3Client &client);

struct Perftest
{
    QString rdmaDevice;     // e.g. roceP2p1s0f0
    int gidIndex = 3;       // found by the probe, never assumed
    int port = 18515;       // perftest's TCP port for the connection set-up
    int seconds = 10;       // test length (or the reporting interval with runInfinitely)
    bool runInfinitely = false; // one line per interval until stopped
    bool bidirectional = false; // -b: both directions at once
    int messageBytes = 65536;
    QString serverAddress;  // empty: the server side
};

// `ib_write_bw -d DEV -x GID -F --report_gbits -s BYTES -p PORT -D S [--run_infinitely] [-b] [SERVER]`
Expected<QStringList> ibWriteBw(const Perftest &test);
// `ib_write_lat -d DEV -x GID -F -s 2 -n ITERS -p PORT [SERVER]`
Expected<QStringList> ibWriteLat(const Perftest &test, int iterations = 1000);

// `ping -n -i 0.2 -c COUNT -I IFACE ADDR`
Expected<QStringList> ping(const QString &interfaceName, const QString &address, int count);

// `stdbuf -oL …`: a C program's output line by line also into a pipe or file
// (perftest does not flush its lines itself; a Python stand-in ignores it).
Expected<QStringList> lineBuffered(const QStringList &command);

// `timeout -s INT SECONDS …`: stops a --run_infinitely test the way Ctrl-C would.
Expected<QStringList> withTimeout(int seconds, const QStringList &command);

// Strict checks, shared with the planners that pick the names.
bool isValidInterfaceName(const QString &name);
bool isValidRdmaDeviceName(const QString &name);
bool isValidAddress(const QString &address);
// An IPv6 link-local address with the interface it is on ("fe80::1%enp1s0f0np0"):
// before set-up a twin has no other address (the quick check). iperf3 takes it.
bool isValidScopedAddress(const QString &address);
bool isValidHostAddress(const QString &address); // either of the two above

// `address` as a tool on `interfaceName`'s node must name it: a link-local
// IPv6 address gets the interface as its scope, any other stays as it is.
QString onInterface(const QString &address, const QString &interfaceName);

} // namespace spark::LinkTestCommands
