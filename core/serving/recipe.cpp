// SPDX-License-Identifier: MIT
#include "core/serving/recipe.h"

#include "core/models/modelinventory.h"
#include "core/serving/commandtemplate.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <yaml-cpp/yaml.h>

namespace spark {

QString Recipe::defaultValue(const QString &placeholder) const
{
    for (const auto &[key, value] : defaults) {
        if (key == placeholder)
            return value;
    }
    return {};
}

QStringList Recipe::placeholders() const
{
    QStringList names;
    for (const QString &word : command) {
        for (const QString &placeholder : CommandTemplate::placeholders(word).valueOr({})) {
            if (!names.contains(placeholder))
                names.append(placeholder);
        }
    }
    return names;
}

namespace {

QString text(const YAML::Node &node)
{
    return QString::fromStdString(node.Scalar());
}

bool isIdentifier(const QString &name)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    return pattern.match(name).hasMatch();
}

bool isImageReference(const QString &image)
{
    // Docker's reference grammar, loosely: lower-case repository path, then an
    // optional :tag and @digest; never a space or a shell character.
    static const QRegularExpression pattern(
        QStringLiteral("^[a-z0-9][a-z0-9._/-]*(:[0-9]+/[a-z0-9._/-]+)?(:[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?"
                       "(@sha256:[0-9a-f]{64})?$"));
    return image.size() <= 255 && pattern.match(image).hasMatch();
}

bool hasControlCharacter(const QString &value)
{
    return std::any_of(value.cbegin(), value.cend(), [](QChar c) { return c.category() == QChar::Other_Control; });
}

struct Reading
{
    const QString &source;
    Recipe recipe;

    Error fault(const QString &sentence) const { return Error(RecipeReader::tr("%1: %2").arg(source, sentence)); }

    Expected<QString> scalar(const YAML::Node &node, const char *field) const
    {
        if (!node.IsScalar())
            return fault(RecipeReader::tr("\"%1\" must be a single value.").arg(QLatin1String(field)));
        return text(node);
    }

    Expected<QList<QPair<QString, QString>>> pairs(const YAML::Node &node, const char *field) const
    {
        QList<QPair<QString, QString>> out;
        if (node.IsNull())
            return out;
        if (!node.IsMap())
            return fault(RecipeReader::tr("\"%1\" must be a list of NAME: value lines.").arg(QLatin1String(field)));
        for (const auto &entry : node) {
            const QString key = entry.first.IsScalar() ? text(entry.first) : QString();
            if (!isIdentifier(key))
                return fault(RecipeReader::tr("\"%1\" has the name \"%2\", which is not a name of letters, digits "
                                              "and _.")
                                 .arg(QLatin1String(field), key));
            if (!entry.second.IsScalar() && !entry.second.IsNull())
                return fault(RecipeReader::tr("%1 in \"%2\" must be a single value.").arg(key, QLatin1String(field)));
            const QString value = entry.second.IsNull() ? QString() : text(entry.second);
            if (hasControlCharacter(value))
                return fault(RecipeReader::tr("%1 in \"%2\" has a line break or control character.")
                                 .arg(key, QLatin1String(field)));
            out.append({key, value});
        }
        return out;
    }

    std::optional<Error> field(const QString &key, const YAML::Node &value);
};

std::optional<Error> Reading::field(const QString &key, const YAML::Node &value)
{
    const auto take = [&](QString &into, const char *name) -> std::optional<Error> {
        auto got = scalar(value, name);
        if (!got)
            return got.error();
        into = got->trimmed();
        return std::nullopt;
    };
    if (key == QLatin1String("name"))
        return take(recipe.name, "name");
    if (key == QLatin1String("description"))
        return take(recipe.description, "description");
    if (key == QLatin1String("model"))
        return take(recipe.model, "model");
    if (key == QLatin1String("container"))
        return take(recipe.container, "container");
    if (key == QLatin1String("recipe_version")) {
        QString version;
        if (auto error = take(version, "recipe_version"))
            return error;
        if (version != QLatin1String("1"))
            recipe.warnings.append(RecipeReader::tr("The recipe is format version %1; this program reads version 1, "
                                                    "so fields added later are not understood.")
                                       .arg(version));
        return std::nullopt;
    }
    if (key == QLatin1String("command")) {
        QString command;
        if (auto error = take(command, "command"))
            return error;
        auto words = CommandTemplate::split(command);
        if (!words)
            return fault(words.error().message);
        for (const QString &word : std::as_const(*words)) {
            if (auto names = CommandTemplate::placeholders(word); !names)
                return fault(names.error().message);
        }
        recipe.command = *words;
        return std::nullopt;
    }
    if (key == QLatin1String("cluster_only")) {
        bool clusterOnly = false;
        if (!value.IsScalar() || !YAML::convert<bool>::decode(value, clusterOnly))
            return fault(RecipeReader::tr("\"cluster_only\" must be true or false."));
        recipe.clusterOnly = clusterOnly;
        return std::nullopt;
    }
    if (key == QLatin1String("defaults") || key == QLatin1String("env")) {
        auto got = pairs(value, key == QLatin1String("env") ? "env" : "defaults");
        if (!got)
            return got.error();
        (key == QLatin1String("env") ? recipe.env : recipe.defaults) = *got;
        return std::nullopt;
    }
    if (key == QLatin1String("mods") || key == QLatin1String("build_args"))
        recipe.warnings.append(RecipeReader::tr("The recipe's \"%1\" (patches and build options for eugr's own image "
                                                "build) is not applied: this program runs the container image as it "
                                                "is on the nodes.")
                                   .arg(key));
    else if (key == QLatin1String("pull_image"))
        recipe.warnings.append(RecipeReader::tr("The recipe's \"pull_image\" is not applied: this program never pulls "
                                                "an image; it checks that every node has it and says which do not."));
    else
        recipe.warnings.append(RecipeReader::tr("The recipe's field \"%1\" is not one this program knows; it is not "
                                                "applied.")
                                   .arg(key));
    return std::nullopt;
}

} // namespace

Expected<Recipe> RecipeReader::parse(const QByteArray &yaml, const QString &source)
{
    YAML::Node root;
    try {
        root = YAML::Load(yaml.toStdString());
    } catch (const YAML::Exception &e) {
        return Error(tr("%1 is not valid YAML at line %2: %3")
                         .arg(source)
                         .arg(e.mark.line + 1)
                         .arg(QString::fromStdString(e.msg)));
    }
    if (!root.IsMap())
        return Error(tr("%1 is not a recipe: a recipe is a YAML mapping with name, container and command.").arg(source));
    Reading reading{source, {}};
    reading.recipe.source = source;
    try {
        for (const auto &entry : root) {
            if (!entry.first.IsScalar())
                return reading.fault(tr("a field name must be text."));
            if (auto error = reading.field(text(entry.first), entry.second))
                return *error;
        }
    } catch (const YAML::Exception &e) {
        return reading.fault(QString::fromStdString(e.msg));
    }
    Recipe &recipe = reading.recipe;
    for (const char *required : {"name", "container", "command"}) {
        if (!root[required])
            return reading.fault(tr("the recipe has no \"%1\"; name, container and command are required.")
                                     .arg(QLatin1String(required)));
    }
    if (recipe.name.isEmpty())
        return reading.fault(tr("the recipe's name is empty."));
    if (!isImageReference(recipe.container))
        return reading.fault(tr("\"%1\" is not a container image name (such as nvcr.io/nvidia/vllm:25.11-py3).")
                                 .arg(recipe.container));
    if (!recipe.model.isEmpty() && !ModelInventory::isValidRepoId(recipe.model))
        return reading.fault(tr("\"%1\" is not a Hugging Face model id (ORG/NAME).").arg(recipe.model));
    return recipe;
}

Expected<Recipe> RecipeReader::readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error(tr("Could not read the recipe %1: %2").arg(path, file.errorString()));
    // Recipes are a few kilobytes; a big file is not one.
    constexpr qint64 largest = 1 << 20;
    if (file.size() > largest)
        return Error(tr("%1 is %2 bytes, too big to be a recipe.").arg(path).arg(file.size()));
    return parse(file.readAll(), path);
}

RecipeReader::Folder RecipeReader::readFolder(const QString &folder)
{
    Folder out;
    const QDir dir(folder);
    if (!dir.exists()) {
        out.problems.append(tr("The recipe folder %1 does not exist.").arg(folder));
        return out;
    }
    const auto files = dir.entryInfoList({QStringLiteral("*.yaml"), QStringLiteral("*.yml")}, QDir::Files, QDir::Name);
    for (const QFileInfo &file : files) {
        auto recipe = readFile(file.filePath());
        if (recipe)
            out.recipes.append(*recipe);
        else
            out.problems.append(recipe.error().message);
    }
    return out;
}

QList<Recipe> RecipeReader::shipped()
{
    QList<Recipe> recipes;
    const QDir dir(QStringLiteral(":/spark/recipes"));
    for (const QString &name : dir.entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name)) {
        QFile file(dir.filePath(name));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        auto recipe = parse(file.readAll(), QStringLiteral("shipped/") + name);
        if (recipe)
            recipes.append(*recipe);
    }
    return recipes;
}

Expected<Recipe> RecipeReader::find(const QString &nameOrPath, const QString &folder)
{
    if (nameOrPath.contains(QLatin1Char('/')) || nameOrPath.endsWith(QLatin1String(".yaml"))
        || nameOrPath.endsWith(QLatin1String(".yml")))
        return readFile(nameOrPath);
    const auto named = [&](const Recipe &recipe) {
        return QFileInfo(recipe.source).completeBaseName() == nameOrPath;
    };
    for (const Recipe &recipe : shipped()) {
        if (named(recipe))
            return recipe;
    }
    if (!folder.isEmpty()) {
        for (const Recipe &recipe : readFolder(folder).recipes) {
            if (named(recipe))
                return recipe;
        }
    }
    QStringList known;
    for (const Recipe &recipe : shipped())
        known.append(QFileInfo(recipe.source).completeBaseName());
    return Error(tr("There is no recipe named \"%1\". The shipped ones are %2; give a file's path for any other.")
                     .arg(nameOrPath, known.join(QStringLiteral(", "))));
}

} // namespace spark
