// SPDX-License-Identifier: MIT
#include "core/launch/launchplanner.h"

#include <QRegularExpression>

namespace spark {

namespace {
// How each terminal takes a command to run: the arguments before "ssh <alias>".
QStringList commandPrefix(const QString &terminal)
{
    if (terminal == QLatin1String("gnome-terminal"))
        return {QStringLiteral("--")};
    if (terminal == QLatin1String("xfce4-terminal"))
        return {QStringLiteral("-x")};
    if (terminal == QLatin1String("kitty") || terminal == QLatin1String("foot"))
        return {};
    return {QStringLiteral("-e")}; // x-terminal-emulator, konsole, alacritty, xterm
}

QString editorProgram(Editor editor)
{
    return editor == Editor::VsCode ? QStringLiteral("code") : QStringLiteral("cursor");
}
} // namespace

QStringList LaunchPlanner::knownTerminals()
{
    return {QStringLiteral("x-terminal-emulator"), QStringLiteral("gnome-terminal"), QStringLiteral("konsole"),
            QStringLiteral("xfce4-terminal"),      QStringLiteral("kitty"),          QStringLiteral("alacritty"),
            QStringLiteral("foot"),                QStringLiteral("xterm")};
}

bool LaunchPlanner::isValidAlias(const QString &alias)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9_.][A-Za-z0-9_.-]{0,62}$"));
    return pattern.match(alias).hasMatch();
}

QString LaunchPlanner::defaultFolder(const QString &user)
{
    if (user == QLatin1String("root"))
        return QStringLiteral("/root");
    return QStringLiteral("/home/") + user;
}

Expected<LaunchCommand> LaunchPlanner::terminal(const QString &alias, const ProgramLookup &find, const QString &preferred)
{
    if (!isValidAlias(alias))
        return Error(tr("The device has no usable SSH alias (\"%1\"); add it again so one is written.").arg(alias));
    QStringList order = knownTerminals();
    if (order.contains(preferred)) {
        order.removeAll(preferred);
        order.prepend(preferred);
    }
    for (const QString &name : std::as_const(order)) {
        const QString path = find(name);
        if (path.isEmpty())
            continue;
        return LaunchCommand{path, commandPrefix(name) + QStringList{QStringLiteral("ssh"), alias}};
    }
    return Error(tr("No terminal program was found on this computer. Install one (for example GNOME Terminal, "
                    "Konsole or xterm), or run \"ssh %1\" in yours.")
                     .arg(alias));
}

Expected<LaunchCommand> LaunchPlanner::editor(Editor editor, const QString &alias, const QString &folder,
                                              const ProgramLookup &find)
{
    if (!isValidAlias(alias))
        return Error(tr("The device has no usable SSH alias (\"%1\"); add it again so one is written.").arg(alias));
    if (!folder.startsWith(QLatin1Char('/')) || folder.contains(QLatin1Char('\n')))
        return Error(tr("The working folder \"%1\" must be a full path on the device, such as /home/nvidia.").arg(folder));
    const QString path = find(editorProgram(editor));
    if (path.isEmpty())
        return Error(tr("%1 is not installed on this computer (no \"%2\" command was found). Install it with its "
                        "Remote - SSH extension, then try again.")
                         .arg(editorName(editor), editorProgram(editor)));
    return LaunchCommand{path, {QStringLiteral("--remote"), QStringLiteral("ssh-remote+") + alias, folder}};
}

bool LaunchPlanner::isInstalled(Editor editor, const ProgramLookup &find)
{
    return !find(editorProgram(editor)).isEmpty();
}

QString LaunchPlanner::editorName(Editor editor)
{
    return editor == Editor::VsCode ? QStringLiteral("VS Code") : QStringLiteral("Cursor");
}

Expected<LaunchCommand> LaunchPlanner::browser(const QUrl &url, const ProgramLookup &find)
{
    if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")))
        return Error(tr("\"%1\" is not a web address to open.").arg(url.toString()));
    const QString path = find(QStringLiteral("xdg-open"));
    if (path.isEmpty())
        return Error(tr("No program to open web pages was found (xdg-open). Open %1 in your browser.").arg(url.toString()));
    return LaunchCommand{path, {url.toString()}};
}

} // namespace spark
