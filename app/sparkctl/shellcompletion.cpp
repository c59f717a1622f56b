// SPDX-License-Identifier: MIT
#include "app/sparkctl/shellcompletion.h"

namespace sparkctl::ShellCompletion {

namespace {

// A command's place in the table: "connect", "device add"; a group's subcommands
// are completed after its name.
struct Entry
{
    QString path;
    const Command *command;
};

QList<Entry> leaves(const CommandTable &table)
{
    QList<Entry> entries;
    for (const Command &command : table.commands()) {
        if (command.hidden)
            continue;
        if (command.subcommands.isEmpty()) {
            entries.append({command.name, &command});
            continue;
        }
        for (const Command &sub : command.subcommands) {
            if (!sub.hidden)
                entries.append({command.name + QLatin1Char(' ') + sub.name, &sub});
        }
    }
    return entries;
}

// POSIX shell single quotes (bash and zsh read them alike).
QString shQuoted(const QString &text)
{
    QString quoted = text;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QString fishQuoted(const QString &text)
{
    QString quoted = text;
    quoted.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    quoted.replace(QLatin1Char('\''), QStringLiteral("\\'"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

// What a value is completed from, as the scripts' helpers name it.
QString kind(Completion completion, const QStringList &words)
{
    switch (completion) {
    case Completion::Nothing:
        return QStringLiteral("text");
    case Completion::Devices:
        return QStringLiteral("devices");
    case Completion::Clusters:
        return QStringLiteral("clusters");
    case Completion::Files:
        return QStringLiteral("files");
    case Completion::Words:
        return QStringLiteral("words ") + words.join(QLatin1Char(' '));
    }
    return QStringLiteral("text");
}

QString optionKind(const OptionSpec &option)
{
    return option.valueName.isEmpty() ? QStringLiteral("flag") : kind(option.completion, option.words);
}

// Which argument the index-th positional is; the last one repeats when it may.
const ArgumentSpec *argumentAt(const Command &command, int index)
{
    if (command.arguments.isEmpty())
        return nullptr;
    if (index < command.arguments.size())
        return &command.arguments.at(index);
    const ArgumentSpec &last = command.arguments.constLast();
    return last.count == ArgumentSpec::Any || last.count == ArgumentSpec::Some ? &last : nullptr;
}

// The tables bash and zsh share, as POSIX shell functions:
//   _sparkctl_commands PATH   "name:summary" lines (PATH "" or a group)
//   _sparkctl_options PATH    "--name:description" lines
//   _sparkctl_value PATH OPT  flag | text | devices | clusters | files | words A B …
//   _sparkctl_argument PATH N the N-th (from 0) argument's kind, or nothing
QString shellTables(const CommandTable &table)
{
    QString out;
    out += QStringLiteral("_sparkctl_commands() {\n    case \"$1\" in\n");
    QStringList top;
    for (const Command &command : table.commands()) {
        if (!command.hidden)
            top.append(shQuoted(command.name + QLatin1Char(':') + command.summary));
    }
    out += QStringLiteral("    '') printf '%s\\n' %1 ;;\n").arg(top.join(QLatin1Char(' ')));
    for (const Command &command : table.commands()) {
        if (command.hidden || command.subcommands.isEmpty())
            continue;
        QStringList subs;
        for (const Command &sub : command.subcommands) {
            if (!sub.hidden)
                subs.append(shQuoted(sub.name + QLatin1Char(':') + sub.summary));
        }
        out += QStringLiteral("    %1) printf '%s\\n' %2 ;;\n").arg(shQuoted(command.name), subs.join(QLatin1Char(' ')));
    }
    out += QStringLiteral("    esac\n}\n\n");

    const QList<Entry> entries = leaves(table);
    out += QStringLiteral("_sparkctl_options() {\n    case \"$1\" in\n");
    for (const Entry &entry : entries) {
        QStringList options{shQuoted(QStringLiteral("--help:Show this help."))};
        for (const OptionSpec &option : allOptions(*entry.command))
            options.append(shQuoted(QStringLiteral("--") + option.name + QLatin1Char(':') + option.description));
        out += QStringLiteral("    %1) printf '%s\\n' %2 ;;\n").arg(shQuoted(entry.path), options.join(QLatin1Char(' ')));
    }
    out += QStringLiteral("    esac\n}\n\n");

    out += QStringLiteral("_sparkctl_value() {\n    case \"$1 $2\" in\n");
    for (const Entry &entry : entries) {
        for (const OptionSpec &option : allOptions(*entry.command))
            out += QStringLiteral("    %1) echo %2 ;;\n")
                       .arg(shQuoted(entry.path + QStringLiteral(" --") + option.name), shQuoted(optionKind(option)));
    }
    out += QStringLiteral("    *) echo flag ;;\n    esac\n}\n\n");

    out += QStringLiteral("_sparkctl_argument() {\n    case \"$1\" in\n");
    for (const Entry &entry : entries) {
        if (entry.command->arguments.isEmpty())
            continue;
        QString cases;
        const int fixed = int(entry.command->arguments.size());
        for (int i = 0; i < fixed; ++i)
            cases += QStringLiteral("%1) echo %2 ;; ").arg(i).arg(
                shQuoted(kind(entry.command->arguments.at(i).completion, entry.command->arguments.at(i).words)));
        if (const ArgumentSpec *repeated = argumentAt(*entry.command, fixed))
            cases += QStringLiteral("*) echo %1 ;; ").arg(shQuoted(kind(repeated->completion, repeated->words)));
        out += QStringLiteral("    %1) case \"$2\" in %2esac ;;\n").arg(shQuoted(entry.path), cases);
    }
    out += QStringLiteral("    esac\n}\n\n");
    return out;
}

// Walks the words before the cursor: the command path (one word, or a group
// and its subcommand), how many arguments follow it, and whether the word
// before the cursor is an option that wants a value; then decides what to
// offer (`_sparkctl_offer`): options, commands, or a value's kind. Shared by
// bash and zsh (the caller sets `_sparkctl_words` and `_sparkctl_cword`,
// numbered as bash numbers COMP_WORDS).
QString shellWalker()
{
    return QStringLiteral(
        "_sparkctl_walk() {\n"
        "    _sparkctl_path=\n"
        "    _sparkctl_positional=0\n"
        "    _sparkctl_pending=\n"
        "    local i word kind line\n"
        "    for ((i = 1; i < _sparkctl_cword; i++)); do\n"
        "        word=${_sparkctl_words[i]}\n"
        "        if [ -n \"$_sparkctl_pending\" ]; then _sparkctl_pending=; continue; fi\n"
        "        case $word in\n"
        "            --*=*) continue ;;\n"
        "            -*)\n"
        "                kind=$(_sparkctl_value \"$_sparkctl_path\" \"$word\")\n"
        "                [ \"$kind\" != flag ] && _sparkctl_pending=$word\n"
        "                continue ;;\n"
        "        esac\n"
        "        if [ \"$_sparkctl_positional\" -eq 0 ]; then\n"
        "            while IFS= read -r line; do\n"
        "                if [ \"${line%%:*}\" = \"$word\" ]; then\n"
        "                    _sparkctl_path=${_sparkctl_path:+$_sparkctl_path }$word\n"
        "                    continue 2\n"
        "                fi\n"
        "            done <<EOF\n"
        "$(_sparkctl_commands \"$_sparkctl_path\")\n"
        "EOF\n"
        "        fi\n"
        "        _sparkctl_positional=$((_sparkctl_positional + 1))\n"
        "    done\n"
        "    local current=${_sparkctl_words[_sparkctl_cword]}\n"
        "    if [ -n \"$_sparkctl_pending\" ]; then\n"
        "        _sparkctl_offer=$(_sparkctl_value \"$_sparkctl_path\" \"$_sparkctl_pending\")\n"
        "    elif [ \"${current#-}\" != \"$current\" ]; then\n"
        "        _sparkctl_offer=options\n"
        "    elif [ \"$_sparkctl_positional\" -eq 0 ] && [ -n \"$(_sparkctl_commands \"$_sparkctl_path\")\" ]; then\n"
        "        _sparkctl_offer=commands\n"
        "    else\n"
        "        _sparkctl_offer=$(_sparkctl_argument \"$_sparkctl_path\" \"$_sparkctl_positional\")\n"
        "    fi\n"
        "}\n\n");
}

QString bash(const CommandTable &table)
{
    QString out = QStringLiteral("# bash completion for sparkctl. Generated by 'sparkctl completion bash' from the "
                                 "command table; do not edit.\n\n");
    out += shellTables(table) + shellWalker();
    out += QStringLiteral(
        "_sparkctl_reply() {\n"
        "    local line\n"
        "    case $1 in\n"
        "        devices|clusters) COMPREPLY=($(compgen -W \"$(\"$_sparkctl_program\" __complete \"$1\" 2>/dev/null)\" -- \"$2\")) ;;\n"
        "        files) COMPREPLY=($(compgen -f -- \"$2\")) ;;\n"
        "        words\\ *) COMPREPLY=($(compgen -W \"${1#words }\" -- \"$2\")) ;;\n"
        "        names:*)\n"
        "            COMPREPLY=()\n"
        "            while IFS= read -r line; do\n"
        "                [ -n \"$line\" ] && [[ ${line%%:*} == \"$2\"* ]] && COMPREPLY+=(\"${line%%:*}\")\n"
        "            done <<EOF\n"
        "${1#names:}\n"
        "EOF\n"
        "            ;;\n"
        "        *) COMPREPLY=() ;;\n"
        "    esac\n"
        "}\n\n"
        "_sparkctl() {\n"
        "    local cur=${COMP_WORDS[COMP_CWORD]} _sparkctl_program=${COMP_WORDS[0]}\n"
        "    local _sparkctl_words=(\"${COMP_WORDS[@]}\") _sparkctl_cword=$COMP_CWORD\n"
        "    local _sparkctl_path _sparkctl_positional _sparkctl_pending _sparkctl_offer\n"
        "    _sparkctl_walk\n"
        "    case $_sparkctl_offer in\n"
        "        options) _sparkctl_reply \"names:$(_sparkctl_options \"$_sparkctl_path\")\" \"$cur\" ;;\n"
        "        commands) _sparkctl_reply \"names:$(_sparkctl_commands \"$_sparkctl_path\")\" \"$cur\" ;;\n"
        "        *) _sparkctl_reply \"$_sparkctl_offer\" \"$cur\" ;;\n"
        "    esac\n"
        "}\n\n"
        "complete -F _sparkctl sparkctl\n");
    return out;
}

QString zsh(const CommandTable &table)
{
    QString out = QStringLiteral("#compdef sparkctl\n# zsh completion for sparkctl. Generated by 'sparkctl completion "
                                 "zsh' from the command table; do not edit.\n\n");
    out += shellTables(table) + shellWalker();
    out += QStringLiteral(
        "_sparkctl_zreply() {\n"
        "    local -a names\n"
        "    case $1 in\n"
        "        devices|clusters) names=(${(f)\"$(${words[1]} __complete $1 2>/dev/null)\"}); compadd -a names ;;\n"
        "        files) _files ;;\n"
        "        words\\ *) names=(${=${1#words }}); compadd -a names ;;\n"
        "    esac\n"
        "}\n\n"
        "_sparkctl() {\n"
        "    local -a _sparkctl_words described\n"
        "    # Numbered as bash numbers COMP_WORDS: 1 is the first word after the program.\n"
        "    _sparkctl_words=(\"${(@)words[2,-1]}\")\n"
        "    local _sparkctl_cword=$((CURRENT - 1)) _sparkctl_path _sparkctl_positional _sparkctl_pending _sparkctl_offer\n"
        "    _sparkctl_walk\n"
        "    case $_sparkctl_offer in\n"
        "        options) described=(${(f)\"$(_sparkctl_options \"$_sparkctl_path\")\"}); _describe -t options option described ;;\n"
        "        commands) described=(${(f)\"$(_sparkctl_commands \"$_sparkctl_path\")\"}); _describe -t commands command described ;;\n"
        "        *) _sparkctl_zreply \"$_sparkctl_offer\" ;;\n"
        "    esac\n"
        "}\n\n"
        "if [ \"$funcstack[1]\" = _sparkctl ]; then\n"
        "    _sparkctl \"$@\"\n"
        "else\n"
        "    compdef _sparkctl sparkctl\n"
        "fi\n");
    return out;
}

QString fish(const CommandTable &table)
{
    QString out = QStringLiteral("# fish completion for sparkctl. Generated by 'sparkctl completion fish' from the "
                                 "command table; do not edit.\n\n");
    // The groups and the options that take a value, for the walk.
    QStringList groups;
    QStringList valued;
    for (const Command &command : table.commands()) {
        if (!command.hidden && !command.subcommands.isEmpty())
            groups.append(command.name);
    }
    const QList<Entry> entries = leaves(table);
    for (const Entry &entry : entries) {
        for (const OptionSpec &option : allOptions(*entry.command)) {
            if (!option.valueName.isEmpty())
                valued.append(fishQuoted(entry.path + QStringLiteral(" --") + option.name));
        }
    }
    out += QStringLiteral("set -g __sparkctl_groups %1\n").arg(groups.join(QLatin1Char(' ')));
    out += QStringLiteral("set -g __sparkctl_valued %1\n\n").arg(valued.join(QLatin1Char(' ')));
    out += QStringLiteral(
        "# Prints the command path, then how many arguments follow it.\n"
        "function __sparkctl_walk\n"
        "    set -l words (commandline -opc)\n"
        "    set -e words[1]\n"
        "    set -l path\n"
        "    set -l positional 0\n"
        "    set -l pending 0\n"
        "    for word in $words\n"
        "        if test $pending = 1\n"
        "            set pending 0\n"
        "            continue\n"
        "        end\n"
        "        switch $word\n"
        "            case '--*=*'\n"
        "                continue\n"
        "            case '-*'\n"
        "                if contains -- \"$path $word\" $__sparkctl_valued\n"
        "                    set pending 1\n"
        "                end\n"
        "                continue\n"
        "        end\n"
        "        if test -z \"$path\"\n"
        "            set path $word\n"
        "        else if test $positional = 0; and contains -- $path $__sparkctl_groups; and not string match -q '* *' -- $path\n"
        "            set path \"$path $word\"\n"
        "        else\n"
        "            set positional (math $positional + 1)\n"
        "        end\n"
        "    end\n"
        "    echo $path\n"
        "    echo $positional\n"
        "end\n\n"
        "# True when the next word is a command of PATH (\"\" for the first word).\n"
        "function __sparkctl_at\n"
        "    set -l state (__sparkctl_walk)\n"
        "    test \"$state[1]\" = \"$argv[1]\"\n"
        "end\n\n"
        "# True when the command is PATH and, with N, the next argument is the N-th (from 0; N+ for N or more).\n"
        "function __sparkctl_in\n"
        "    set -l state (__sparkctl_walk)\n"
        "    test \"$state[1]\" = \"$argv[1]\"; or return 1\n"
        "    test (count $argv) -lt 2; and return 0\n"
        "    switch $argv[2]\n"
        "        case '*+'\n"
        "            test $state[2] -ge (string trim -c + -- $argv[2])\n"
        "        case '*'\n"
        "            test $state[2] -eq $argv[2]\n"
        "    end\n"
        "end\n\n"
        "function __sparkctl_names\n"
        "    set -l program (commandline -opc)[1]\n"
        "    $program __complete $argv[1] 2>/dev/null\n"
        "end\n\n"
        "complete -c sparkctl -f\n");

    const auto valueArguments = [](Completion completion, const QStringList &words) -> QString {
        switch (completion) {
        case Completion::Devices:
            return QStringLiteral(" -f -a '(__sparkctl_names devices)'");
        case Completion::Clusters:
            return QStringLiteral(" -f -a '(__sparkctl_names clusters)'");
        case Completion::Files:
            return QStringLiteral(" -F");
        case Completion::Words:
            return QStringLiteral(" -f -a ") + fishQuoted(words.join(QLatin1Char(' ')));
        case Completion::Nothing:
            break;
        }
        return QStringLiteral(" -f"); // free text: offer nothing, not this folder's files
    };
    for (const Command &command : table.commands()) {
        if (command.hidden)
            continue;
        out += QStringLiteral("complete -c sparkctl -n \"__sparkctl_at ''\" -a %1 -d %2\n")
                   .arg(command.name, fishQuoted(command.summary));
        for (const Command &sub : command.subcommands) {
            if (!sub.hidden)
                out += QStringLiteral("complete -c sparkctl -n %1 -a %2 -d %3\n")
                           .arg(fishQuoted(QStringLiteral("__sparkctl_in %1 0").arg(command.name)), sub.name,
                                fishQuoted(sub.summary));
        }
    }
    for (const Entry &entry : entries) {
        const QString condition = QStringLiteral("__sparkctl_in '%1'").arg(entry.path);
        for (const OptionSpec &option : allOptions(*entry.command)) {
            out += QStringLiteral("complete -c sparkctl -n %1 -l %2%3%4 -d %5\n")
                       .arg(fishQuoted(condition), option.name,
                            option.valueName.isEmpty() ? QString() : QStringLiteral(" -r"),
                            valueArguments(option.completion, option.words),
                            fishQuoted(option.description));
        }
        const int fixed = int(entry.command->arguments.size());
        for (int i = 0; i < fixed; ++i) {
            const ArgumentSpec &argument = entry.command->arguments.at(i);
            const bool repeats = i == fixed - 1 && (argument.count == ArgumentSpec::Any || argument.count == ArgumentSpec::Some);
            if (argument.completion == Completion::Nothing)
                continue;
            const QString values = valueArguments(argument.completion, argument.words);
            out += QStringLiteral("complete -c sparkctl -n %1%2\n")
                       .arg(fishQuoted(condition + QStringLiteral(" %1%2").arg(i).arg(repeats ? QStringLiteral("+") : QString())),
                            values);
        }
    }
    return out;
}

} // namespace

QStringList shells()
{
    return {QStringLiteral("bash"), QStringLiteral("zsh"), QStringLiteral("fish")};
}

QString script(const CommandTable &table, const QString &shell)
{
    if (shell == QLatin1String("bash"))
        return bash(table);
    if (shell == QLatin1String("zsh"))
        return zsh(table);
    if (shell == QLatin1String("fish"))
        return fish(table);
    return {};
}

} // namespace sparkctl::ShellCompletion
