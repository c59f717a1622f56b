// SPDX-License-Identifier: MIT
// sparkctl completion SHELL, and the two hidden helpers the build and the
// completion scripts call: --manpage (sparkctl(1) as roff) and
// __complete devices|clusters (the registered names, one per line).
#include "app/sparkctl/commandtable.h"
#include "app/sparkctl/manualpage.h"
#include "app/sparkctl/shellcompletion.h"

#include "core/devices/deviceregistry.h"
#include "core/cluster/clusterstore.h"

#include <QCoreApplication>

namespace sparkctl {

namespace {
struct CompletionText
{
    Q_DECLARE_TR_FUNCTIONS(sparkctl::Completion)
};
} // namespace

namespace {

int printNames(QCommandLineParser &parser)
{
    const QString what = parser.positionalArguments().constFirst();
    if (what == QLatin1String("devices")) {
        spark::DeviceRegistry registry;
        if (!registry.load())
            return Failure;
        for (const spark::Device &device : registry.devices())
            printOut(device.name + QLatin1Char('\n'));
        return Success;
    }
    if (what != QLatin1String("clusters"))
        return UsageError;
    spark::ClusterStore store;
    if (!store.load())
        return Failure;
    for (const spark::ClusterDefinition &cluster : store.clusters())
        printOut(cluster.name + QLatin1Char('\n'));
    return Success;
}

} // namespace

void registerCompletionCommands(CommandTable &table)
{
    const CommandTable *described = &table;
    Command completion{QStringLiteral("completion"), CompletionText::tr("Print the shell completion script for bash, zsh or fish"),
               CompletionText::tr("Print the completion script for bash, zsh or fish (the package installs them; this is "
                              "for a build from source). For bash: source <(sparkctl completion bash)."),
               {{QStringLiteral("SHELL"), CompletionText::tr("bash, zsh or fish."), ArgumentSpec::One, Completion::Words,
                 ShellCompletion::shells()}},
               {},
               [described](QCommandLineParser &parser) {
                   const QString shell = parser.positionalArguments().constFirst();
                   if (!ShellCompletion::shells().contains(shell))
                       return usageError(parser, QStringLiteral("completion"),
                                         CompletionText::tr("'%1' is not a shell sparkctl completes for; use bash, zsh or fish.")
                                             .arg(shell));
                   printOut(ShellCompletion::script(*described, shell));
                   return int(Success);
               }};
    completion.json = false; // it prints a script
    table.add(std::move(completion));
    Command names{QStringLiteral("__complete"), CompletionText::tr("The registered devices' or clusters' names"), {},
                  {{QStringLiteral("WHAT"), CompletionText::tr("devices or clusters."), ArgumentSpec::One, Completion::Words,
                    {QStringLiteral("devices"), QStringLiteral("clusters")}}},
                  {}, &printNames};
    names.hidden = true;
    names.json = false;
    table.add(std::move(names));
    Command manual{QStringLiteral("--manpage"), CompletionText::tr("Print sparkctl(1) as roff"), {}, {}, {},
                   [described](QCommandLineParser &) {
                       printOut(spark::ManPageWriter::roff(manualPage(*described)));
                       return int(Success);
                   }};
    manual.hidden = true;
    manual.json = false;
    table.add(std::move(manual));
}

} // namespace sparkctl
