// SPDX-License-Identifier: MIT
// The NCCL build's plan: what a Spark needs from its prerequisites, the
// package command, and the user's build script run for real by sh in a
// scratch home with git and make stood in by recorders: each part is skipped
// when its result is there, a clone already made is built on, a directory of
// the user's is never touched, and SIGTERM stops the whole process group.
#include "core/nccl/ncclbuildplan.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>

using namespace spark;

namespace {

NcclNodeReadiness ready()
{
    NcclNodeReadiness node;
    node.node = QStringLiteral("spark-2");
    node.home = QStringLiteral("/home/nvidia");
    node.cudaVersion = QStringLiteral("13.0");
    node.mpirunVersion = QStringLiteral("4.1.6");
    node.mpiHeaders = true;
    node.ncclVersion = QStringLiteral("2.28.9");
    node.ncclLibrary = true;
    node.allGatherPerf = true;
    node.allReducePerf = true;
    return node;
}

void writeExecutable(const QString &path, const QByteArray &text)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
    file.close();
    QVERIFY(file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
}

// git and make as recorders: git clone makes a checkout; make writes what the
// real build leaves (nccl.h and libnccl.so, or the two perf tests) and logs
// its arguments, or sleeps in a child when $SLOW_MAKE is set.
struct Scratch
{
    QTemporaryDir dir;
    QString home() const { return dir.filePath(QStringLiteral("home")); }
    QString log() const { return dir.filePath(QStringLiteral("log")); }

    Scratch()
    {
        QDir().mkpath(home());
        QDir().mkpath(dir.filePath(QStringLiteral("bin")));
        writeExecutable(dir.filePath(QStringLiteral("bin/git")), QByteArrayLiteral(
            "#!/bin/sh\n"
            "echo \"git $*\" >>\"$LOG\"\n"
            "for last; do :; done\n"
            "mkdir -p \"$last/.git\" && echo \"Cloning into '$last'...\"\n"));
        writeExecutable(dir.filePath(QStringLiteral("bin/make")), QByteArrayLiteral(
            "#!/bin/sh\n"
            "echo \"make $* in $(basename \"$PWD\")\" >>\"$LOG\"\n"
            "if [ -n \"$SLOW_MAKE\" ]; then sleep 60 & wait; fi\n"
            "case \"$(basename \"$PWD\")\" in\n"
            "nccl) mkdir -p build/include build/lib && echo '#define NCCL_MAJOR 2' >build/include/nccl.h"
            " && : >build/lib/libnccl.so ;;\n"
            "nccl-tests) mkdir -p build && for t in all_gather_perf all_reduce_perf; do : >build/$t; chmod +x build/$t; done ;;\n"
            "esac\n"
            "echo 'make: done'\n"));
    }

    QProcess *start(const NcclBuildNeeds &needs, bool slow = false)
    {
        auto *process = new QProcess;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("HOME"), home());
        environment.insert(QStringLiteral("LOG"), log());
        environment.insert(QStringLiteral("PATH"), dir.filePath(QStringLiteral("bin")) + QStringLiteral(":/usr/bin:/bin"));
        if (slow)
            environment.insert(QStringLiteral("SLOW_MAKE"), QStringLiteral("1"));
        process->setProcessEnvironment(environment);
        process->setProcessChannelMode(QProcess::MergedChannels);
        process->start(QStringLiteral("setsid"), {QStringLiteral("sh"), QStringLiteral("-c"),
                                                   QString::fromUtf8(NcclBuildPlan::buildScript(needs)), QStringLiteral("nccl-build")});
        return process;
    }

    // The script's output and exit code.
    std::pair<QString, int> run(const NcclBuildNeeds &needs)
    {
        std::unique_ptr<QProcess> process(start(needs));
        process->waitForFinished(30000);
        return {QString::fromUtf8(process->readAll()), process->exitCode()};
    }

    QString logText() const
    {
        QFile file(log());
        return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
    }
};

QStringList stepsIn(const QString &output)
{
    QStringList steps;
    for (const QString &line : output.split(QLatin1Char('\n'))) {
        if (const auto step = NcclBuildPlan::stepOfLine(line))
            steps << NcclBuildPlan::stepKey(*step);
    }
    return steps;
}

NcclBuildNeeds everything()
{
    NcclBuildNeeds needs;
    needs.node = QStringLiteral("spark-2");
    needs.nccl = true;
    needs.ncclTests = true;
    return needs;
}

} // namespace

class TestNcclBuild final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void needs_data()
    {
        QTest::addColumn<NcclNodeReadiness>("readiness");
        QTest::addColumn<QStringList>("packages");
        QTest::addColumn<bool>("nccl");
        QTest::addColumn<bool>("ncclTests");
        QTest::addColumn<QString>("blockerStart");
        QTest::newRow("everything there") << ready() << QStringList() << false << false << QString();
        NcclNodeReadiness noMpi = ready();
        noMpi.mpirunVersion.clear();
        noMpi.mpiHeaders = false;
        QTest::newRow("no Open MPI") << noMpi << QStringList{QStringLiteral("openmpi-bin"), QStringLiteral("libopenmpi-dev")}
                                     << false << false << QString();
        NcclNodeReadiness noHeaders = ready();
        noHeaders.mpiHeaders = false;
        QTest::newRow("mpirun without mpi.h") << noHeaders << QStringList{QStringLiteral("libopenmpi-dev")} << false << false
                                              << QString();
        NcclNodeReadiness bare = ready();
        bare.ncclVersion.clear();
        bare.ncclLibrary = false;
        bare.allGatherPerf = false;
        bare.missingBuildTools = {QStringLiteral("git"), QStringLiteral("g++")};
        QTest::newRow("no NCCL, no tests, no git") << bare << QStringList{QStringLiteral("git"), QStringLiteral("g++")} << true
                                                   << true << QString();
        NcclNodeReadiness toolsOnly = ready();
        toolsOnly.missingBuildTools = {QStringLiteral("make")};
        QTest::newRow("a missing tool with nothing to build") << toolsOnly << QStringList() << false << false << QString();
        NcclNodeReadiness headerOnly = ready();
        headerOnly.ncclLibrary = false;
        QTest::newRow("nccl.h without its library") << headerOnly << QStringList() << true << false << QString();
        NcclNodeReadiness noCuda = ready();
        noCuda.cudaVersion.clear();
        QTest::newRow("no CUDA: nothing can be built") << noCuda << QStringList() << false << false
                                                       << QStringLiteral("spark-2 has no CUDA toolkit");
    }

    void needs()
    {
        QFETCH(NcclNodeReadiness, readiness);
        QFETCH(QStringList, packages);
        QFETCH(bool, nccl);
        QFETCH(bool, ncclTests);
        QFETCH(QString, blockerStart);
        const NcclBuildNeeds needs = NcclBuildPlan::needs(readiness);
        QCOMPARE(needs.packages, packages);
        QCOMPARE(needs.nccl, nccl);
        QCOMPARE(needs.ncclTests, ncclTests);
        QVERIFY2(blockerStart.isEmpty() ? needs.blocker.isEmpty() : needs.blocker.startsWith(blockerStart),
                 qPrintable(needs.blocker));
    }

    void buildToolsAreReadFromThePrerequisites_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QStringList>("missing");
        QTest::newRow("none missing") << "missing-build-tools -" << QStringList();
        QTest::newRow("git and g++") << "missing-build-tools  git g++" << QStringList{QStringLiteral("git"), QStringLiteral("g++")};
        QTest::newRow("an older script without the line") << "" << QStringList();
        QTest::newRow("a word that is no build tool") << "missing-build-tools make rm" << QStringList{QStringLiteral("make")};
    }

    void buildToolsAreReadFromThePrerequisites()
    {
        QFETCH(QString, line);
        QFETCH(QStringList, missing);
        const QString output = QStringLiteral("home /home/nvidia\ncuda 13.0\nmpirun 4.1.6\nmpi-headers yes\nnccl -\n"
                                              "nccl-library no\nall_gather_perf no\nall_reduce_perf no\n")
                             + line + QLatin1Char('\n');
        const auto readiness = NcclPrerequisites::parse(output.toUtf8(), QStringLiteral("spark-2"));
        QVERIFY(readiness);
        QCOMPARE(readiness->missingBuildTools, missing);
        QCOMPARE(NcclBuildPlan::needs(*readiness).packages, missing);
    }

    void packageCommandIsNvidias()
    {
        QCOMPARE(NcclBuildPlan::packageCommand({QStringLiteral("openmpi-bin"), QStringLiteral("libopenmpi-dev")}),
                 QStringLiteral("export DEBIAN_FRONTEND=noninteractive; apt-get update && apt-get install -y 'openmpi-bin' "
                                "'libopenmpi-dev'"));
    }

    void stepLines_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("step"); // empty: not a step line
        QTest::newRow("clone") << "@@step clone-nccl" << "clone-nccl";
        QTest::newRow("build tests") << "@@step build-nccl-tests" << "build-nccl-tests";
        QTest::newRow("trailing space") << "@@step build-nccl " << "build-nccl";
        QTest::newRow("unknown step") << "@@step rm-rf" << "";
        QTest::newRow("make's own line") << "make[1]: Entering directory '/home/nvidia/nccl/src'" << "";
        QTest::newRow("empty") << "" << "";
    }

    void stepLines()
    {
        QFETCH(QString, line);
        QFETCH(QString, step);
        const auto parsed = NcclBuildPlan::stepOfLine(line);
        QCOMPARE(parsed ? NcclBuildPlan::stepKey(*parsed) : QString(), step);
    }

    void buildsWhatIsMissingTheDocumentedWay()
    {
        Scratch scratch;
        const auto [output, exitCode] = scratch.run(everything());
        QVERIFY2(exitCode == 0, qPrintable(output));
        QCOMPARE(stepsIn(output), (QStringList{QStringLiteral("clone-nccl"), QStringLiteral("build-nccl"),
                                               QStringLiteral("clone-nccl-tests"), QStringLiteral("build-nccl-tests")}));
        QVERIFY(output.contains(QLatin1String("@@done")));
        const QString log = scratch.logText();
        QVERIFY2(log.contains(QLatin1String("git clone -b v2.28.9-1 https://github.com/NVIDIA/nccl.git ")), qPrintable(log));
        QVERIFY2(log.contains(QLatin1String("src.build NVCC_GENCODE=-gencode=arch=compute_121,code=sm_121 in nccl")),
                 qPrintable(log));
        QVERIFY2(log.contains(QLatin1String("git clone https://github.com/NVIDIA/nccl-tests.git ")), qPrintable(log));
        QVERIFY2(log.contains(QStringLiteral("MPI=1")) && log.contains(QStringLiteral("CUDA_HOME=/usr/local/cuda"))
                     && log.contains(QStringLiteral("NCCL_HOME=%1/nccl/build in nccl-tests").arg(scratch.home())),
                 qPrintable(log));
        QVERIFY(QFile::exists(scratch.home() + QStringLiteral("/nccl-tests/build/all_reduce_perf")));
    }

    void aCloneAlreadyMadeIsBuiltOn()
    {
        Scratch scratch;
        QVERIFY(QDir().mkpath(scratch.home() + QStringLiteral("/nccl/.git")));
        NcclBuildNeeds needs = everything();
        needs.ncclTests = false;
        const auto [output, exitCode] = scratch.run(needs);
        QCOMPARE(exitCode, 0);
        QCOMPARE(stepsIn(output), QStringList{QStringLiteral("build-nccl")});
        QVERIFY(!scratch.logText().contains(QLatin1String("git clone")));
    }

    void theUsersOwnDirectoryIsLeftAlone()
    {
        Scratch scratch;
        QVERIFY(QDir().mkpath(scratch.home() + QStringLiteral("/nccl")));
        QFile mine(scratch.home() + QStringLiteral("/nccl/notes.txt"));
        QVERIFY(mine.open(QIODevice::WriteOnly));
        mine.write("mine");
        mine.close();
        const auto [output, exitCode] = scratch.run(everything());
        QCOMPARE(exitCode, 3);
        QVERIFY2(output.contains(QLatin1String("@@blocked nccl")), qPrintable(output));
        QVERIFY(scratch.logText().isEmpty()); // neither git nor make ran
        QVERIFY(QFile::exists(mine.fileName()));
    }

    void termStopsTheWholeGroup()
    {
        Scratch scratch;
        std::unique_ptr<QProcess> process(scratch.start(everything(), true));
        QVERIFY(process->waitForStarted());
        // Until make's child (sleep 60) runs.
        QTRY_VERIFY_WITH_TIMEOUT(scratch.logText().contains(QLatin1String("make ")), 10000);
        QThread::msleep(200);
        const qint64 pid = process->processId();
        QVERIFY(pid > 0);
        ::kill(pid_t(pid), SIGTERM);
        QVERIFY(process->waitForFinished(5000));
        // Nothing of the group is left: pgid = the script's pid (setsid).
        const auto groupLeft = [pid] {
            QProcess group;
            group.start(QStringLiteral("ps"), {QStringLiteral("-o"), QStringLiteral("pid=,stat=,args="), QStringLiteral("-g"),
                                               QString::number(pid)});
            group.waitForFinished();
            return QString::fromUtf8(group.readAllStandardOutput()).trimmed();
        };
        // Killed children are reaped by whoever adopts them: give that a moment.
        QTRY_VERIFY_WITH_TIMEOUT(groupLeft().isEmpty(), 3000);
    }
};

QTEST_GUILESS_MAIN(TestNcclBuild)
#include "tst_ncclbuild.moc"
