// SPDX-License-Identifier: MIT
#include "core/common/logcategories.h"

Q_LOGGING_CATEGORY(lcCommon, "spark.common", QtInfoMsg)
Q_LOGGING_CATEGORY(lcSsh, "spark.ssh", QtInfoMsg)
Q_LOGGING_CATEGORY(lcFacts, "spark.facts", QtInfoMsg)
Q_LOGGING_CATEGORY(lcDevices, "spark.devices", QtInfoMsg)
Q_LOGGING_CATEGORY(lcTunnels, "spark.tunnels", QtInfoMsg)
Q_LOGGING_CATEGORY(lcLaunch, "spark.launch", QtInfoMsg)
Q_LOGGING_CATEGORY(lcTopology, "spark.topology", QtInfoMsg)
Q_LOGGING_CATEGORY(lcNetconfig, "spark.netconfig", QtInfoMsg)
Q_LOGGING_CATEGORY(lcLinktest, "spark.linktest", QtInfoMsg)
Q_LOGGING_CATEGORY(lcNccl, "spark.nccl", QtInfoMsg)
Q_LOGGING_CATEGORY(lcHealth, "spark.health", QtInfoMsg)
Q_LOGGING_CATEGORY(lcCluster, "spark.cluster", QtInfoMsg)
Q_LOGGING_CATEGORY(lcReport, "spark.report", QtInfoMsg)
Q_LOGGING_CATEGORY(lcModels, "spark.models", QtInfoMsg)
Q_LOGGING_CATEGORY(lcServing, "spark.serving", QtInfoMsg)
