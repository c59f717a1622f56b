// SPDX-License-Identifier: MIT
// Issue 32's client target: the chat and benchmark client (OpenAiClient, as
// `serve chat` and `serve bench` use it) against a plain streaming HTTP
// client (a bare socket: one request, the time of each chunk that carries
// content, nothing parsed but the word "content"), the same vLLM stand-in,
// the same prompt and length, alternately, in one run. Prints each client's
// decode tokens per second and their ratio (target: ours ≥ 0.98 of plain).
// Needs no lab: the stand-in runs here, on a model folder of its own.
// Run bench_serve_client [ROUNDS] [TOKENS].
#include "core/serving/openaiclient.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QThread>

#include <algorithm>
#include <cstdio>

using namespace spark;

namespace {

const QString kModel = QStringLiteral("bench/tiny");

double plainDecodeRate(quint16 port, int tokens)
{
    QTcpSocket socket;
    socket.connectToHost(QStringLiteral("127.0.0.1"), port);
    if (!socket.waitForConnected(5000))
        return 0;
    const QByteArray body = QJsonDocument(QJsonObject{{QStringLiteral("model"), kModel},
                                                      {QStringLiteral("max_tokens"), tokens},
                                                      {QStringLiteral("stream"), true},
                                                      {QStringLiteral("messages"), QJsonArray{QJsonObject{
                                                                                       {QStringLiteral("role"), QStringLiteral("user")},
                                                                                       {QStringLiteral("content"), QStringLiteral("hello")}}}}})
                                .toJson(QJsonDocument::Compact);
    socket.write("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: "
                 + QByteArray::number(body.size()) + "\r\n\r\n" + body);
    QElapsedTimer clock;
    clock.start();
    qint64 first = -1;
    qint64 last = -1;
    int seen = 0;
    QByteArray all;
    while (!all.contains("[DONE]") && socket.waitForReadyRead(5000)) {
        const QByteArray chunk = socket.readAll();
        all += chunk;
        const int contents = int(chunk.count("\"content\": \"") + chunk.count("\"content\":\""));
        // The role's first chunk carries empty content: it is not a token.
        const int empty = int(chunk.count("\"content\": \"\"") + chunk.count("\"content\":\"\""));
        if (contents - empty > 0) {
            if (first < 0)
                first = clock.elapsed();
            last = clock.elapsed();
            seen += contents - empty;
        }
    }
    return seen > 1 && last > first ? double(seen - 1) * 1000.0 / double(last - first) : 0;
}

bool writeModel(const QString &hub)
{
    const QString repo = hub + QStringLiteral("/models--bench--tiny");
    const QString commit = QStringLiteral("0123456789abcdef0123456789abcdef01234567");
    if (!QDir().mkpath(repo + QStringLiteral("/refs")) || !QDir().mkpath(repo + QStringLiteral("/snapshots/") + commit)
        || !QDir().mkpath(repo + QStringLiteral("/blobs")))
        return false;
    QFile ref(repo + QStringLiteral("/refs/main"));
    QFile config(repo + QStringLiteral("/snapshots/") + commit + QStringLiteral("/config.json"));
    return ref.open(QIODevice::WriteOnly) && ref.write(commit.toUtf8()) > 0 && config.open(QIODevice::WriteOnly)
        && config.write("{}") > 0;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int rounds = argc > 1 ? std::max(1, atoi(argv[1])) : 5;
    const int tokens = argc > 2 ? std::max(2, atoi(argv[2])) : 100;
    QTemporaryDir scratch;
    if (!writeModel(scratch.filePath(QStringLiteral("hub"))))
        return 1;
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost);
    const quint16 port = probe.serverPort();
    probe.close();
    QProcess server;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("SPARKLAB_GPUS"), QStringLiteral("all"));
    env.insert(QStringLiteral("SPARKLAB_CONTAINER_DIR"), scratch.path());
    env.insert(QStringLiteral("SPARKLAB_MOUNTS"),
               QStringLiteral("[{\"source\": \"%1\", \"target\": \"/root/.cache/huggingface/hub\"}]").arg(scratch.filePath(QStringLiteral("hub"))));
    server.setProcessEnvironment(env);
    server.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    server.start(QStringLiteral("python3"), {QStringLiteral(SPARK_SOURCE_DIR "/tests/sparklab/node-tools/vllmstandin.py"),
                                             QStringLiteral("serve"), kModel, QStringLiteral("--host"), QStringLiteral("127.0.0.1"),
                                             QStringLiteral("--port"), QString::number(port)});
    QByteArray said;
    while (!said.contains("startup complete") && server.waitForReadyRead(10000))
        said += server.readAllStandardOutput();
    if (!said.contains("startup complete")) {
        std::fprintf(stderr, "the vLLM stand-in did not start: %s\n", said.constData());
        return 1;
    }
    const QUrl base(QStringLiteral("http://127.0.0.1:%1/").arg(port));
    QList<double> ours;
    QList<double> plain;
    for (int round = 0; round < rounds; ++round) {
        plain.append(plainDecodeRate(port, tokens));
        ours.append(OpenAiClient::chat(base, kModel, QStringLiteral("hello"), tokens).decodeTokensPerSecond());
        std::printf("round %d: plain %.2f tokens/s, ours %.2f tokens/s\n", round + 1, plain.constLast(), ours.constLast());
    }
    server.kill();
    server.waitForFinished();
    const auto median = [](QList<double> values) {
        std::sort(values.begin(), values.end());
        return values.at(values.size() / 2);
    };
    const double ratio = median(ours) / median(plain);
    std::printf("median over %d rounds of %d tokens: plain %.2f tokens/s, ours %.2f tokens/s, ratio %.3f "
                "(target >= 0.98: the client adds at most 2 %%)\n",
                rounds, tokens, median(plain), median(ours), ratio);
    return ratio >= 0.98 ? 0 : 2;
}
