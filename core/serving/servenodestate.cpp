// SPDX-License-Identifier: MIT
#include "core/serving/servenodestate.h"

#include "core/serving/serveplanner.h"

#include <QRegularExpression>

namespace spark {

namespace {
const QLatin1String begin("@@serve:begin");
const QLatin1String noDocker("@@serve:no-docker");
const QLatin1String imageTag("@@serve:image ");
const QLatin1String containerTag("@@serve:container ");
const QLatin1String dockerErrorTag("@@serve:docker-error ");
const QLatin1String listenTag("@@serve:listen ");
const QLatin1String listenRead("@@serve:listen-read");
const QLatin1String end("@@serve:end");
} // namespace

QString ServeNodeState::dockerProblem(const QString &node, const QString &user) const
{
    if (!dockerInstalled)
        return ServeNodeReading::tr("Docker is not installed on %1; DGX OS has it: install the package docker.io (or "
                                    "NVIDIA's container toolkit) there.")
            .arg(node);
    if (dockerError.contains(QLatin1String("permission denied"), Qt::CaseInsensitive))
        return ServeNodeReading::tr("%1's user %2 may not use Docker: add it to the docker group there (sudo usermod "
                                    "-aG docker %2), then log in again.")
            .arg(node, user);
    if (!dockerError.isEmpty())
        return ServeNodeReading::tr("Docker on %1 did not answer (%2): start it there (sudo systemctl start docker).")
            .arg(node, dockerError);
    return {};
}

QString ServeNodeReading::script()
{
    // The Go templates are docker's own; '|' cannot be in a name or a label
    // value we set, so it separates the fields.
    return QStringLiteral(
               "echo '%1'\n"
               "if command -v docker >/dev/null 2>&1; then\n"
               "  if images=$(docker image ls --format '{{.Repository}}:{{.Tag}}@{{.Digest}}' 2>&1); then\n"
               "    printf '%s\\n' \"$images\" | sed -n 's/^./%2&/p'\n"
               "    docker ps -a --filter label=%5 --format '{{.Names}}|{{.State}}|{{.Label \"%5\"}}|{{.Label \"%6\"}}' "
               "2>/dev/null | sed -n 's/^./%3&/p'\n"
               "  else\n"
               "    printf '%s\\n' \"$images\" | head -n 2 | sed 's/^/%4/'\n"
               "  fi\n"
               "else\n"
               "  echo '%7'\n"
               "fi\n"
               "if command -v ss >/dev/null 2>&1; then\n"
               "  ss -Hltn 2>/dev/null | sed 's/^/%8/'\n"
               "  echo '%9'\n"
               "fi\n")
               .arg(begin, imageTag, containerTag, dockerErrorTag, QLatin1String(ServePlanner::launchLabel),
                    QLatin1String(ServePlanner::clusterLabel), noDocker, listenTag, listenRead)
         + QStringLiteral("echo '%1'\n").arg(end);
}

QList<int> ServeNodeReading::listeningPorts(const QStringList &ssLines)
{
    QList<int> ports;
    for (const QString &line : ssLines) {
        const QStringList fields = line.simplified().split(QLatin1Char(' '));
        if (fields.size() < 4)
            continue;
        bool ok = false;
        const int port = fields.at(3).section(QLatin1Char(':'), -1).toInt(&ok);
        if (ok && port > 0 && !ports.contains(port))
            ports.append(port);
    }
    return ports;
}

ServeNodeState ServeNodeReading::parse(const QString &output)
{
    ServeNodeState state;
    bool begun = false;
    bool listenKnown = false;
    QStringList listen;
    for (const QString &line : output.split(QLatin1Char('\n'))) {
        if (line == begin) {
            begun = true;
            state.dockerInstalled = true;
        } else if (!begun) {
            continue;
        } else if (line == noDocker) {
            state.dockerInstalled = false;
        } else if (line.startsWith(imageTag)) {
            const QString image = line.mid(imageTag.size());
            const QString name = image.section(QLatin1Char('@'), 0, 0);
            const QString digest = image.section(QLatin1Char('@'), 1);
            const QString repository = name.section(QLatin1Char(':'), 0, -2);
            if (!name.endsWith(QLatin1String(":<none>")) && !name.startsWith(QLatin1String("<none>")))
                state.images.append(name);
            if (digest.startsWith(QLatin1String("sha256:")))
                state.images.append(repository + QLatin1Char('@') + digest);
        } else if (line.startsWith(containerTag)) {
            const QStringList fields = line.mid(containerTag.size()).split(QLatin1Char('|'));
            if (fields.size() == 4)
                state.containers.append({fields.at(0), fields.at(1), fields.at(2), fields.at(3)});
        } else if (line.startsWith(dockerErrorTag)) {
            const QString said = line.mid(dockerErrorTag.size()).trimmed();
            state.dockerError += (state.dockerError.isEmpty() ? QString() : QStringLiteral(" ")) + said;
        } else if (line.startsWith(listenTag)) {
            listen.append(line.mid(listenTag.size()));
        } else if (line == listenRead) {
            listenKnown = true;
        } else if (line == end) {
            state.finished = true;
        }
    }
    if (listenKnown)
        state.listeningPorts = listeningPorts(listen);
    return state;
}

} // namespace spark
