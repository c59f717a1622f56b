// SPDX-License-Identifier: MIT
#include "ui/wizard/donepage.h"

#include "core/cluster/clusterexports.h"
#include "core/nccl/ncclenvironment.h"
#include "ui/wizard/setupstate.h"

#include <QDir>

#include <algorithm>
#include <QFile>
#include <QFileDialog>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QTabWidget>
#include <QVBoxLayout>

namespace spark::ui {

DonePage::DonePage(SetupState *state, QWidget *parent)
    : QWizardPage(parent)
    , m_state(state)
    , m_summary(new QLabel(this))
    , m_exports(new QTabWidget(this))
{
    setObjectName(QStringLiteral("donePage"));
    setTitle(tr("Done"));
    setSubTitle(tr("Your cluster is ready. Export its files or open the dashboard."));
    m_summary->setObjectName(QStringLiteral("doneSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_exports->setObjectName(QStringLiteral("exports"));
    auto *openDashboard = new QPushButton(tr("Open the &dashboard"), this);
    openDashboard->setObjectName(QStringLiteral("openDashboard"));
    openDashboard->setToolTip(tr("Finish and watch the cluster's links live: rates, errors and alerts."));
    connect(openDashboard, &QPushButton::clicked, this, [this] { Q_EMIT dashboardRequested(m_state->clusterName()); });
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_exports, 1);
    layout->addWidget(openDashboard, 0, Qt::AlignLeft);
}

void DonePage::initializePage()
{
    const auto cabling = m_state->cablingPlan();
    QStringList lines;
    lines << tr("%1: %2 Sparks (%3), cabled and checked, their ConnectX-7 ports addressed, node-to-node SSH set up.")
                 .arg(m_state->clusterName())
                 .arg(m_state->devices().size())
                 .arg(m_state->deviceNames().join(QStringLiteral(", ")));
    if (const auto &run = m_state->linkTestRun()) {
        const auto failed = std::count_if(run->links.cbegin(), run->links.cend(),
                                          [](const LinkResult &link) { return !link.verdict.pass; });
        lines << (failed == 0 ? tr("Link test: every link carries what it should.")
                              : tr("Link test: %n link(s) failed; the Link test page says what to fix.", nullptr, int(failed)));
    } else {
        lines << tr("The links have not been tested yet: “sparkctl linktest --cluster %1” measures them.")
                     .arg(m_state->clusterName());
    }
    if (const auto &nccl = m_state->ncclTestRun())
        lines << (nccl->verdict.pass ? tr("NCCL test passed: %1") : tr("NCCL test failed: %1")).arg(nccl->verdict.sentence);
    lines << tr("sparkctl knows this cluster too: “sparkctl cluster verify --cluster %1”.").arg(m_state->clusterName());
    m_summary->setText(lines.join(QLatin1Char('\n')));

    while (m_exports->count() > 0) {
        QWidget *tab = m_exports->widget(0);
        m_exports->removeTab(0);
        delete tab;
    }
    QList<ExportNode> nodes;
    for (const Device &device : m_state->devices())
        nodes.append(ExportNode{device.name, device.host, device.user, device.port});
    const auto hostfile = ClusterExports::mpiHostfile(nodes);
    addExport(QStringLiteral("hostfile"), tr("MPI hostfile"), QStringLiteral("hostfile"),
              hostfile ? *hostfile : hostfile.error().message);
    if (cabling) {
        // The checks read the Sparks before the apply gave the twins their IPv4 GIDs.
        addExport(QStringLiteral("nccl"), tr("NCCL environment"), QStringLiteral("nccl.env"),
                  NcclEnvironment::exports(m_state->clusterName(), cabling->layout,
                                           NcclEnvironment::variables(cabling->layout, std::nullopt),
                                           QStringLiteral("NCCL_IB_GID_INDEX is not set: NCCL picks the RoCE v2 GID "
                                                          "itself; 'sparkctl cluster export --format nccl-env' reads "
                                                          "the index from the Sparks.")));
    }
    if (m_state->prepared()) {
        const auto inventory = ClusterExports::ansibleInventory(m_state->clusterName(), nodes, m_state->prepared()->addresses);
        addExport(QStringLiteral("ansible"), tr("Ansible inventory"), QStringLiteral("inventory.yaml"),
                  inventory ? *inventory : inventory.error().message);
        const auto vllm = ClusterExports::vllmCommands(m_state->clusterName(), nodes, m_state->prepared()->addresses);
        addExport(QStringLiteral("vllm"), tr("vLLM on this cluster"), QStringLiteral("vllm-commands.sh"),
                  vllm ? *vllm : vllm.error().message);
    }
}

void DonePage::addExport(const QString &key, const QString &title, const QString &fileName, const QString &text)
{
    auto *tab = new QWidget(m_exports);
    tab->setObjectName(QStringLiteral("export-") + key);
    auto *edit = new QPlainTextEdit(text, tab);
    edit->setObjectName(QStringLiteral("exportText"));
    edit->setReadOnly(true);
    edit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto *save = new QPushButton(tr("Save…"), tab);
    save->setObjectName(QStringLiteral("exportSave"));
    auto *layout = new QVBoxLayout(tab);
    layout->addWidget(edit, 1);
    layout->addWidget(save, 0, Qt::AlignRight);
    connect(save, &QPushButton::clicked, this, [this, fileName, text] {
        auto *dialog = new QFileDialog(this, tr("Save"), QDir::home().filePath(fileName));
        dialog->setAcceptMode(QFileDialog::AcceptSave);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QFileDialog::fileSelected, this, [this, text](const QString &path) {
            QSaveFile file(path);
            if (!file.open(QIODevice::WriteOnly) || file.write(text.toUtf8()) < 0 || !file.commit())
                m_summary->setText(tr("%1 could not be written: %2. Choose another folder.").arg(path, file.errorString()));
        });
        dialog->open();
    });
    m_exports->addTab(tab, title);
}

QString DonePage::exportText(const QString &key) const
{
    const auto *tab = m_exports->findChild<QWidget *>(QStringLiteral("export-") + key);
    const auto *edit = tab ? tab->findChild<QPlainTextEdit *>(QStringLiteral("exportText")) : nullptr;
    return edit ? edit->toPlainText() : QString();
}

} // namespace spark::ui
