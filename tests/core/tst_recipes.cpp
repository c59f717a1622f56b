// SPDX-License-Identifier: MIT
// Recipes in the community's format: the command split as a shell splits it
// (and refused where a shell would do more), placeholders filled the way
// Python's str.format fills them, and recipe files read with every field the
// community's published recipes use, the ones this program does not apply named.
#include "core/serving/commandtemplate.h"
#include "core/serving/recipe.h"

#include <QFileInfo>
#include <QTest>

using namespace spark;

namespace {

QString fixture(const QString &name)
{
    return QStringLiteral(SPARK_FIXTURES_DIR "/recipes/") + name;
}

} // namespace

class TestRecipes final : public QObject
{
    Q_OBJECT

private slots:
    void splitsLikeAShell_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QStringList>("words"); // empty: refused
        QTest::addColumn<QString>("refusal");
        const auto words = [](std::initializer_list<const char *> list) {
            QStringList out;
            for (const char *word : list)
                out.append(QString::fromUtf8(word));
            return out;
        };
        QTest::newRow("continuations") << QStringLiteral("vllm serve a/b \\\n    --port {port} \\\n    -tp 2\n")
                                       << words({"vllm", "serve", "a/b", "--port", "{port}", "-tp", "2"}) << QString();
        QTest::newRow("single quotes keep JSON")
            << QStringLiteral("vllm serve m --speculative-config '{\"method\":\"mtp\"}'")
            << words({"vllm", "serve", "m", "--speculative-config", "{\"method\":\"mtp\"}"}) << QString();
        QTest::newRow("double quotes and escapes")
            << QStringLiteral("vllm serve m --chat-template \"a \\\"b\\\" c\" x\\ y")
            << words({"vllm", "serve", "m", "--chat-template", "a \"b\" c", "x y"}) << QString();
        QTest::newRow("a dollar in single quotes is text") << QStringLiteral("vllm serve m --x '$HOME'")
                                                           << words({"vllm", "serve", "m", "--x", "$HOME"}) << QString();
        QTest::newRow("comment line") << QStringLiteral("# leading note\nvllm serve m # trailing\n")
                                      << words({"vllm", "serve", "m"}) << QString();
        QTest::newRow("hash inside a word") << QStringLiteral("vllm serve m --x a#b") << words({"vllm", "serve", "m", "--x", "a#b"})
                                            << QString();
        QTest::newRow("and-and") << QStringLiteral("pip install x && vllm serve m") << QStringList() << QStringLiteral("&");
        QTest::newRow("semicolon") << QStringLiteral("vllm serve m; rm -rf ~") << QStringList() << QStringLiteral(";");
        QTest::newRow("pipe") << QStringLiteral("vllm serve m | tee log") << QStringList() << QStringLiteral("|");
        QTest::newRow("redirect") << QStringLiteral("vllm serve m > log") << QStringList() << QStringLiteral(">");
        QTest::newRow("variable") << QStringLiteral("vllm serve $MODEL") << QStringList() << QStringLiteral("$");
        QTest::newRow("command substitution in double quotes") << QStringLiteral("vllm serve \"$(id)\"") << QStringList()
                                                               << QStringLiteral("$");
        QTest::newRow("backtick") << QStringLiteral("vllm serve `id`") << QStringList() << QStringLiteral("`");
        QTest::newRow("unclosed single quote") << QStringLiteral("vllm serve 'm") << QStringList() << QStringLiteral("'");
        QTest::newRow("unclosed double quote") << QStringLiteral("vllm serve \"m") << QStringList() << QStringLiteral("\"");
        QTest::newRow("empty") << QStringLiteral("  \\\n  ") << QStringList() << QStringLiteral("empty");
    }
    void splitsLikeAShell()
    {
        QFETCH(QString, command);
        QFETCH(QStringList, words);
        QFETCH(QString, refusal);
        const auto split = CommandTemplate::split(command);
        QCOMPARE(split.hasValue(), !words.isEmpty());
        if (split)
            QCOMPARE(*split, words);
        else
            QVERIFY2(split.error().message.contains(refusal), qPrintable(split.error().message));
    }

    void fillsLikeStrFormat_data()
    {
        QTest::addColumn<QString>("word");
        QTest::addColumn<QString>("filled"); // empty: an error
        QTest::addColumn<QString>("error");
        QTest::newRow("one") << QStringLiteral("{port}") << QStringLiteral("8000") << QString();
        QTest::newRow("inside text") << QStringLiteral("--port={port}") << QStringLiteral("--port=8000") << QString();
        QTest::newRow("two") << QStringLiteral("{host}:{port}") << QStringLiteral("0.0.0.0:8000") << QString();
        QTest::newRow("json value") << QStringLiteral("{spec}") << QStringLiteral("{\"a\":1}") << QString();
        QTest::newRow("doubled braces") << QStringLiteral("{{\"top_p\":0.95}}") << QStringLiteral("{\"top_p\":0.95}") << QString();
        QTest::newRow("value with a space stays one word") << QStringLiteral("{name}") << QStringLiteral("a b; c") << QString();
        QTest::newRow("no value") << QStringLiteral("{max_model_len}") << QString() << QStringLiteral("{max_model_len}");
        QTest::newRow("lone open") << QStringLiteral("{port") << QString() << QStringLiteral("not a placeholder");
        QTest::newRow("lone close") << QStringLiteral("a}b") << QString() << QStringLiteral("single }");
        QTest::newRow("json not doubled") << QStringLiteral("{\"top_p\":0.95}") << QString() << QStringLiteral("not a placeholder");
        QTest::newRow("format spec is not ours") << QStringLiteral("{port:d}") << QString() << QStringLiteral("not a placeholder");
    }
    void fillsLikeStrFormat()
    {
        QFETCH(QString, word);
        QFETCH(QString, filled);
        QFETCH(QString, error);
        const QMap<QString, QString> values{{QStringLiteral("port"), QStringLiteral("8000")},
                                            {QStringLiteral("host"), QStringLiteral("0.0.0.0")},
                                            {QStringLiteral("spec"), QStringLiteral("{\"a\":1}")},
                                            {QStringLiteral("name"), QStringLiteral("a b; c")}};
        const auto result = CommandTemplate::fill(word, values);
        QCOMPARE(result.hasValue(), !filled.isEmpty());
        if (result)
            QCOMPARE(*result, filled);
        else
            QVERIFY2(result.error().message.contains(error), qPrintable(result.error().message));
    }

    void readsRecipes_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("container");
        QTest::addColumn<bool>("clusterOnly");
        QTest::addColumn<QStringList>("placeholders");
        QTest::addColumn<int>("envCount");
        QTest::addColumn<QStringList>("warnedAbout"); // a word of each warning, in order
        QTest::newRow("four sparks, mods and pull_image")
            << QStringLiteral("four-sparks-mtp.yaml") << QStringLiteral("big-flash") << QStringLiteral("example-org/Big-Flash-FP8")
            << QStringLiteral("vllm/vllm-openai:flash-arm64-cu130") << true
            << QStringList{QStringLiteral("host"), QStringLiteral("port"), QStringLiteral("served_model_name"),
                           QStringLiteral("tensor_parallel"), QStringLiteral("max_model_len"), QStringLiteral("max_num_seqs"),
                           QStringLiteral("gpu_memory_utilization"), QStringLiteral("spec_config")}
            << 2 << QStringList{QStringLiteral("pull_image"), QStringLiteral("mods")};
        QTest::newRow("three sparks, pipeline parallel")
            << QStringLiteral("three-sparks-pp.yaml") << QStringLiteral("Mid MoE (PP=3, 3-node)") << QStringLiteral("example-org/Mid-MoE")
            << QStringLiteral("vllm-node") << true
            << QStringList{QStringLiteral("host"), QStringLiteral("port"), QStringLiteral("tensor_parallel"),
                           QStringLiteral("pipeline_parallel"), QStringLiteral("max_model_len"),
                           QStringLiteral("gpu_memory_utilization")}
            << 0 << QStringList{QStringLiteral("mods")};
        QTest::newRow("solo with build_args and an unquoted env value")
            << QStringLiteral("solo-awq.yaml") << QStringLiteral("Small AWQ") << QStringLiteral("example-org/Small-AWQ")
            << QStringLiteral("vllm-node-tf5") << false
            << QStringList{QStringLiteral("port"), QStringLiteral("host"), QStringLiteral("tensor_parallel"),
                           QStringLiteral("gpu_memory_utilization"), QStringLiteral("max_model_len")}
            << 1 << QStringList{QStringLiteral("build_args")};
        QTest::newRow("unknown field") << QStringLiteral("unknown-field.yaml") << QStringLiteral("With an unknown field") << QString()
                                       << QStringLiteral("vllm-node") << false << QStringList{QStringLiteral("port")} << 0
                                       << QStringList{QStringLiteral("solo_only")};
        QTest::newRow("a later format version") << QStringLiteral("version-2.yaml") << QStringLiteral("Later format") << QString()
                                                << QStringLiteral("vllm-node") << false << QStringList() << 0
                                                << QStringList{QStringLiteral("version 2")};
    }
    void readsRecipes()
    {
        QFETCH(QString, file);
        QFETCH(QString, name);
        QFETCH(QString, model);
        QFETCH(QString, container);
        QFETCH(bool, clusterOnly);
        QFETCH(QStringList, placeholders);
        QFETCH(int, envCount);
        QFETCH(QStringList, warnedAbout);
        const auto recipe = RecipeReader::readFile(fixture(file));
        QVERIFY2(recipe, recipe ? "" : qPrintable(recipe.error().message));
        QCOMPARE(recipe->name, name);
        QCOMPARE(recipe->model, model);
        QCOMPARE(recipe->container, container);
        QCOMPARE(recipe->clusterOnly, clusterOnly);
        QCOMPARE(recipe->placeholders(), placeholders);
        QCOMPARE(recipe->env.size(), envCount);
        QCOMPARE(recipe->source, fixture(file));
        QCOMPARE(recipe->warnings.size(), warnedAbout.size());
        for (qsizetype i = 0; i < warnedAbout.size(); ++i)
            QVERIFY2(recipe->warnings.at(i).contains(warnedAbout.at(i)), qPrintable(recipe->warnings.at(i)));
        for (const QString &placeholder : placeholders) {
            if (file != u"unknown-field.yaml")
                QVERIFY2(!recipe->defaultValue(placeholder).isEmpty(), qPrintable(placeholder));
        }
    }

    void keepsValuesAsWritten()
    {
        const auto recipe = RecipeReader::readFile(fixture(QStringLiteral("four-sparks-mtp.yaml")));
        QVERIFY(recipe);
        QCOMPARE(recipe->defaultValue(QStringLiteral("spec_config")), QStringLiteral("{\"method\":\"mtp\",\"num_speculative_tokens\":5}"));
        QCOMPARE(recipe->defaultValue(QStringLiteral("max_model_len")), QStringLiteral("524288"));
        QCOMPARE(recipe->defaults.constFirst().first, QStringLiteral("port"));
        QCOMPARE(recipe->env.constFirst(), qMakePair(QStringLiteral("VLLM_SPARSE_IDX_FORCE_PERSISTENT_TOPK"), QStringLiteral("0")));
        QCOMPARE(recipe->command.constLast(), QStringLiteral("--trust-remote-code"));
        const auto pp = RecipeReader::readFile(fixture(QStringLiteral("three-sparks-pp.yaml")));
        QVERIFY(pp);
        QVERIFY(pp->command.contains(QStringLiteral("{{\"top_p\":0.95}}")));
    }

    void refusesBrokenRecipes_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("said");
        QTest::newRow("bad yaml") << QStringLiteral("bad-yaml.yaml") << QStringLiteral("not valid YAML at line");
        QTest::newRow("no command") << QStringLiteral("no-command.yaml") << QStringLiteral("has no \"command\"");
        QTest::newRow("shell chain") << QStringLiteral("shell-chain.yaml") << QStringLiteral("uses the shell's &");
        QTest::newRow("env name") << QStringLiteral("bad-env-name.yaml") << QStringLiteral("NOT A NAME");
        QTest::newRow("container") << QStringLiteral("bad-container.yaml") << QStringLiteral("is not a container image name");
        QTest::newRow("lone brace") << QStringLiteral("lone-brace.yaml") << QStringLiteral("a literal brace is written twice");
        QTest::newRow("missing file") << QStringLiteral("no-such-recipe.yaml") << QStringLiteral("Could not read the recipe");
    }
    void refusesBrokenRecipes()
    {
        QFETCH(QString, file);
        QFETCH(QString, said);
        const auto recipe = RecipeReader::readFile(fixture(file));
        QVERIFY(!recipe);
        QVERIFY2(recipe.error().message.contains(said), qPrintable(recipe.error().message));
        QVERIFY2(recipe.error().message.contains(file), qPrintable(recipe.error().message));
    }

    void refusesWhatIsNotARecipe_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QString>("said");
        QTest::newRow("a list") << QByteArray("- a\n- b\n") << QStringLiteral("not a recipe");
        QTest::newRow("empty") << QByteArray("") << QStringLiteral("not a recipe");
        QTest::newRow("name is a list") << QByteArray("name: [a]\ncontainer: x\ncommand: vllm serve m\n")
                                        << QStringLiteral("\"name\" must be a single value");
        QTest::newRow("defaults is a list") << QByteArray("name: a\ncontainer: x\ncommand: vllm serve m\ndefaults: [1]\n")
                                            << QStringLiteral("NAME: value");
        QTest::newRow("cluster_only is not a boolean") << QByteArray("name: a\ncontainer: x\ncommand: vllm serve m\ncluster_only: maybe\n")
                                                       << QStringLiteral("true or false");
        QTest::newRow("env value with a newline") << QByteArray("name: a\ncontainer: x\ncommand: vllm serve m\nenv:\n  A: \"x\\ny\"\n")
                                                  << QStringLiteral("line break");
        QTest::newRow("model is not an id") << QByteArray("name: a\ncontainer: x\nmodel: ../etc\ncommand: vllm serve m\n")
                                            << QStringLiteral("Hugging Face model id");
        QTest::newRow("empty name") << QByteArray("name: \"\"\ncontainer: x\ncommand: vllm serve m\n") << QStringLiteral("name is empty");
    }
    void refusesWhatIsNotARecipe()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QString, said);
        const auto recipe = RecipeReader::parse(yaml, QStringLiteral("test.yaml"));
        QVERIFY(!recipe);
        QVERIFY2(recipe.error().message.contains(said), qPrintable(recipe.error().message));
    }

    void shippedRecipesReadCleanly()
    {
        const QList<Recipe> shipped = RecipeReader::shipped();
        QStringList names;
        for (const Recipe &recipe : shipped) {
            names.append(QFileInfo(recipe.source).completeBaseName());
            QVERIFY2(recipe.warnings.isEmpty(), qPrintable(recipe.warnings.join(u' ')));
            QVERIFY(!recipe.model.isEmpty());
            QCOMPARE(recipe.command.mid(0, 3), (QStringList{QStringLiteral("vllm"), QStringLiteral("serve"), recipe.model}));
        }
        QCOMPARE(names, (QStringList{QStringLiteral("vllm-one-spark"), QStringLiteral("vllm-pipeline-parallel"),
                                     QStringLiteral("vllm-two-sparks")}));
    }

    void findsRecipesByName()
    {
        const auto shipped = RecipeReader::find(QStringLiteral("vllm-two-sparks"));
        QVERIFY(shipped);
        QCOMPARE(shipped->source, QStringLiteral("shipped/vllm-two-sparks.yaml"));
        const auto inFolder = RecipeReader::find(QStringLiteral("solo-awq"), QStringLiteral(SPARK_FIXTURES_DIR "/recipes"));
        QVERIFY(inFolder);
        QCOMPARE(inFolder->name, QStringLiteral("Small AWQ"));
        const auto byPath = RecipeReader::find(fixture(QStringLiteral("three-sparks-pp.yaml")));
        QVERIFY(byPath);
        const auto missing = RecipeReader::find(QStringLiteral("nothing-like-it"));
        QVERIFY(!missing);
        QVERIFY(missing.error().message.contains(QStringLiteral("vllm-one-spark")));
    }

    void readsAFolderAndNamesWhatFailed()
    {
        const auto folder = RecipeReader::readFolder(QStringLiteral(SPARK_FIXTURES_DIR "/recipes"));
        QCOMPARE(folder.recipes.size(), 5);
        QCOMPARE(folder.problems.size(), 6);
        const auto missing = RecipeReader::readFolder(QStringLiteral("/nonexistent/recipes"));
        QVERIFY(missing.recipes.isEmpty());
        QVERIFY(missing.problems.constFirst().contains(QStringLiteral("does not exist")));
    }
};

QTEST_GUILESS_MAIN(TestRecipes)
#include "tst_recipes.moc"
