// SPDX-License-Identifier: MIT
#include "app/sparkctl/manualpage.h"

#include "core/common/appinfo.h"

namespace sparkctl {

namespace {

spark::ManItem commandItem(const QString &path, const Command &command)
{
    QStringList usage;
    if (!allOptions(command).isEmpty())
        usage.append(QStringLiteral("[options]"));
    for (const ArgumentSpec &argument : command.arguments)
        usage.append(argument.syntax());
    spark::ManItem item{QStringLiteral("sparkctl ") + path, usage.join(QLatin1Char(' ')),
                        command.description.isEmpty() ? command.summary : command.description};
    for (const ArgumentSpec &argument : command.arguments)
        item.items.append({argument.name, {}, argument.description});
    for (const OptionSpec &option : allOptions(command))
        item.items.append({QStringLiteral("--") + option.name, option.valueName, option.description});
    return item;
}

} // namespace

spark::ManPage manualPage(const CommandTable &table)
{
    spark::ManPage page;
    page.name = QStringLiteral("sparkctl");
    page.summary = QStringLiteral("set up and watch NVIDIA DGX Spark clusters from the command line");
    page.version = QStringLiteral("sparkctl ") + spark::applicationVersion();
    page.synopsis = {QStringLiteral("COMMAND [options] [ARGS…]"), QStringLiteral("GROUP SUBCOMMAND [options] [ARGS…]"),
                     QStringLiteral("--help | --version"), QStringLiteral("COMMAND --help")};

    spark::ManSection description{QStringLiteral("Description")};
    description.paragraphs = {
        QStringLiteral("sparkctl does from a terminal or a script what the Spark Companion window does: it registers "
                       "DGX Sparks over SSH, checks their software and hardware, plans which QSFP cable goes into which "
                       "port, gives the ConnectX-7 ports their addresses safely (each node undoes the change by itself "
                       "unless every link answers in time), measures every link, and watches the links' health."),
        QStringLiteral("A password is read from the first line of standard input (--password-stdin, "
                       "--sudo-password-stdin) or from the system keychain, never from the command line. Devices and "
                       "clusters are the ones the window shows: both programs share the registry.")};

    spark::ManSection commands{QStringLiteral("Commands")};
    for (const Command &command : table.commands()) {
        if (command.hidden)
            continue;
        if (command.subcommands.isEmpty()) {
            commands.items.append(commandItem(command.name, command));
            continue;
        }
        for (const Command &sub : command.subcommands) {
            if (!sub.hidden)
                commands.items.append(commandItem(command.name + QLatin1Char(' ') + sub.name, sub));
        }
    }

    spark::ManSection exitStatus{QStringLiteral("Exit status")};
    for (const ExitCodeMeaning &exit : exitCodeMeanings())
        exitStatus.items.append({QString::number(exit.code), {}, exit.meaning});

    spark::ManSection completion{QStringLiteral("Shell completion")};
    completion.paragraphs = {QStringLiteral("The package installs completions for bash, zsh and fish, made from the same "
                                            "table as this page; 'sparkctl completion SHELL' prints them.")};

    spark::ManSection seeAlso{QStringLiteral("See also")};
    seeAlso.paragraphs = {QStringLiteral("spark-companion(1), ssh(1), netplan(5)")};

    page.sections = {description, commands, exitStatus, completion, seeAlso};
    return page;
}

} // namespace sparkctl
