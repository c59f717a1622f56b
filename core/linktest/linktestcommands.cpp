// SPDX-License-Identifier: MIT
#include "core/linktest/linktestcommands.h"

#include <QCoreApplication>
#include <QHostAddress>
#include <QRegularExpression>

namespace spark::LinkTestCommands {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("spark::LinkTestCommands", text);
}

QString number(int value)
{
    return QString::number(value);
}

Error invalid(const QString &what, const QString &value)
{
    return Error(tr("The link test cannot run: %1 \"%2\" is not valid. Check the cluster's addresses and re-run the probe.")
                     .arg(what, value),
                 QStringLiteral("invalid %1: %2").arg(what, value));
}

std::optional<Error> checkRange(const char *what, int value, int low, int high)
{
    if (value >= low && value <= high)
        return std::nullopt;
    return Error(tr("The link test cannot run: %1 must be between %2 and %3, not %4.")
                     .arg(tr(what))
                     .arg(low)
                     .arg(high)
                     .arg(value),
                 QStringLiteral("%1 out of range: %2").arg(QLatin1String(what)).arg(value));
}

std::optional<Error> checkClient(const Iperf3Client &client)
{
    if (!isValidHostAddress(client.serverAddress))
        return invalid(tr("server address"), client.serverAddress);
    if (!isValidHostAddress(client.bindAddress))
        return invalid(tr("local address"), client.bindAddress);
    if (auto error = checkRange(QT_TRANSLATE_NOOP("spark::LinkTestCommands", "the TCP port"), client.port, 1024, 65535))
        return error;
    if (auto error = checkRange(QT_TRANSLATE_NOOP("spark::LinkTestCommands", "the number of streams"), client.streams, 1, 128))
        return error;
    return checkRange(QT_TRANSLATE_NOOP("spark::LinkTestCommands", "the test length in seconds"), client.seconds, 1, 86400);
}

QStringList clientWords(const Iperf3Client &client)
{
    QStringList words{QStringLiteral("iperf3"), QStringLiteral("-c"), client.serverAddress,
                      QStringLiteral("-p"), number(client.port), QStringLiteral("--bind"), client.bindAddress,
                      QStringLiteral("-P"), number(client.streams), QStringLiteral("-t"), number(client.seconds)};
    if (client.mode == Iperf3Mode::Receive)
        words << QStringLiteral("-R");
    else if (client.mode == Iperf3Mode::Both)
        words << QStringLiteral("--bidir");
    return words;
}

std::optional<Error> checkPerftest(const Perftest &test)
{
    if (!isValidRdmaDeviceName(test.rdmaDevice))
        return invalid(tr("RoCE device"), test.rdmaDevice);
    if (!test.serverAddress.isEmpty() && !isValidAddress(test.serverAddress))
        return invalid(tr("server address"), test.serverAddress);
    if (auto error = checkRange(QT_TRANSLATE_NOOP("spark::LinkTestCommands", "the GID index"), test.gidIndex, 0, 255))
        return error;
    if (auto error = checkRange(QT_TRANSLATE_NOOP("spark::LinkTestCommands", "the TCP port"), test.port, 1024, 65535))
        return error;
    if (auto error = checkRange(QT_TRANSLATE_NOOP("spark::LinkTestCommands", "the message size"), test.messageBytes, 1, 1 << 24))
        return error;
    return checkRange(QT_TRANSLATE_NOOP("spark::LinkTestCommands", "the test length in seconds"), test.seconds, 1, 86400);
}

QStringList perftestWords(const char *program, const Perftest &test)
{
    return {QLatin1String(program), QStringLiteral("-d"), test.rdmaDevice, QStringLiteral("-x"),
            number(test.gidIndex), QStringLiteral("-F"), QStringLiteral("-p"), number(test.port)};
}

} // namespace

bool isValidInterfaceName(const QString &name)
{
    // The kernel's IFNAMSIZ is 16 including the NUL; no '/', no whitespace.
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9_.-]{0,14}$"));
    return pattern.match(name).hasMatch();
}

bool isValidRdmaDeviceName(const QString &name)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$"));
    return pattern.match(name).hasMatch();
}

bool isValidAddress(const QString &address)
{
    QHostAddress parsed;
    // Reject scope ids and anything QHostAddress would tolerate around the address.
    return !address.contains(QLatin1Char('%')) && parsed.setAddress(address)
        && (parsed.protocol() == QAbstractSocket::IPv4Protocol || parsed.protocol() == QAbstractSocket::IPv6Protocol);
}

bool isValidScopedAddress(const QString &address)
{
    const qsizetype percent = address.indexOf(QLatin1Char('%'));
    if (percent < 0)
        return false;
    const QString bare = address.left(percent);
    return isValidAddress(bare) && QHostAddress(bare).isLinkLocal()
        && QHostAddress(bare).protocol() == QAbstractSocket::IPv6Protocol && isValidInterfaceName(address.mid(percent + 1));
}

bool isValidHostAddress(const QString &address)
{
    return isValidAddress(address) || isValidScopedAddress(address);
}

QString onInterface(const QString &address, const QString &interfaceName)
{
    const QHostAddress parsed(address);
    if (parsed.protocol() == QAbstractSocket::IPv6Protocol && parsed.isLinkLocal() && !address.contains(QLatin1Char('%')))
        return address + QLatin1Char('%') + interfaceName;
    return address;
}

Expected<QStringList> iperf3Server(const QString &bindAddress, int port)
{
    if (!isValidHostAddress(bindAddress))
        return invalid(tr("local address"), bindAddress);
    if (auto error = checkRange(QT_TRANSLATE_NOOP("spark::LinkTestCommands", "the TCP port"), port, 1024, 65535))
        return *error;
    return QStringList{QStringLiteral("iperf3"), QStringLiteral("-s"), QStringLiteral("-1"), QStringLiteral("-p"),
                       number(port), QStringLiteral("--bind"), bindAddress, QStringLiteral("-i"), QStringLiteral("1"),
                       QStringLiteral("-f"), QStringLiteral("m"), QStringLiteral("--forceflush")};
}

Expected<QStringList> iperf3Client(const Iperf3Client &client)
{
    if (auto error = checkClient(client))
        return *error;
    return clientWords(client) + QStringList{QStringLiteral("-i"), QStringLiteral("1"), QStringLiteral("-f"),
                                             QStringLiteral("m"), QStringLiteral("--forceflush")};
}

Expected<QStringList> iperf3ClientJson(const Iperf3Client &client)
{
    if (auto error = checkClient(client))
        return *error;
    return clientWords(client) << QStringLiteral("--json");
}

Expected<QStringList> ibWriteBw(const Perftest &test)
{
    if (auto error = checkPerftest(test))
        return *error;
    QStringList words = perftestWords("ib_write_bw", test);
    words << QStringLiteral("--report_gbits") << QStringLiteral("-s") << number(test.messageBytes)
          << QStringLiteral("-D") << number(test.seconds);
    if (test.runInfinitely)
        words << QStringLiteral("--run_infinitely");
    if (test.bidirectional)
        words << QStringLiteral("-b");
    if (!test.serverAddress.isEmpty())
        words << test.serverAddress;
    return words;
}

Expected<QStringList> ibWriteLat(const Perftest &test, int iterations)
{
    if (auto error = checkPerftest(test))
        return *error;
    if (auto error = checkRange(QT_TRANSLATE_NOOP("spark::LinkTestCommands", "the number of iterations"), iterations, 1, 10000000))
        return *error;
    QStringList words = perftestWords("ib_write_lat", test);
    words << QStringLiteral("-s") << QStringLiteral("2") << QStringLiteral("-n") << number(iterations);
    if (!test.serverAddress.isEmpty())
        words << test.serverAddress;
    return words;
}

Expected<QStringList> ping(const QString &interfaceName, const QString &address, int count)
{
    if (!isValidInterfaceName(interfaceName))
        return invalid(tr("interface"), interfaceName);
    if (!isValidAddress(address))
        return invalid(tr("address"), address);
    if (auto error = checkRange(QT_TRANSLATE_NOOP("spark::LinkTestCommands", "the number of pings"), count, 1, 100000))
        return *error;
    return QStringList{QStringLiteral("ping"), QStringLiteral("-n"), QStringLiteral("-i"), QStringLiteral("0.2"),
                       QStringLiteral("-c"), number(count), QStringLiteral("-I"), interfaceName, address};
}

Expected<QStringList> lineBuffered(const QStringList &command)
{
    if (command.isEmpty())
        return Error(tr("The link test cannot run: there is no command to run."), QStringLiteral("empty command"));
    return QStringList{QStringLiteral("stdbuf"), QStringLiteral("-oL")} + command;
}

Expected<QStringList> withTimeout(int seconds, const QStringList &command)
{
    if (auto error = checkRange(QT_TRANSLATE_NOOP("spark::LinkTestCommands", "the test length in seconds"), seconds, 1, 86400))
        return *error;
    if (command.isEmpty())
        return Error(tr("The link test cannot run: there is no command to stop."), QStringLiteral("empty command"));
    return QStringList{QStringLiteral("timeout"), QStringLiteral("-s"), QStringLiteral("INT"), number(seconds)} + command;
}

} // namespace spark::LinkTestCommands
