// SPDX-License-Identifier: MIT
#pragma once

#include <QLoggingCategory>

// One logging category per core module ("spark.<module>"). Their debug
// messages are the trace of what each step did: off on the terminal, written
// to the session's log while one runs (SessionLog::start), so a support report
// carries them. Info and above are printed as every Qt message is. Nothing
// secret is ever logged.
Q_DECLARE_LOGGING_CATEGORY(lcCommon)
Q_DECLARE_LOGGING_CATEGORY(lcSsh)
Q_DECLARE_LOGGING_CATEGORY(lcFacts)
Q_DECLARE_LOGGING_CATEGORY(lcDevices)
Q_DECLARE_LOGGING_CATEGORY(lcTunnels)
Q_DECLARE_LOGGING_CATEGORY(lcLaunch)
Q_DECLARE_LOGGING_CATEGORY(lcTopology)
Q_DECLARE_LOGGING_CATEGORY(lcNetconfig)
Q_DECLARE_LOGGING_CATEGORY(lcLinktest)
Q_DECLARE_LOGGING_CATEGORY(lcNccl)
Q_DECLARE_LOGGING_CATEGORY(lcHealth)
Q_DECLARE_LOGGING_CATEGORY(lcCluster)
Q_DECLARE_LOGGING_CATEGORY(lcReport)
Q_DECLARE_LOGGING_CATEGORY(lcModels)
Q_DECLARE_LOGGING_CATEGORY(lcServing)
