// SPDX-License-Identifier: MIT
#include "app/sparkctl/cancelonsignal.h"

#include <csignal>

namespace sparkctl {

namespace {

void *g_target = nullptr;
void (*g_cancel)(void *) = nullptr;
volatile std::sig_atomic_t g_interrupted = 0;

extern "C" void cancelOnSignal(int)
{
    g_interrupted = 1;
    if (g_cancel)
        g_cancel(g_target);
}

} // namespace

CancelOnSignal::CancelOnSignal(void *target, void (*cancel)(void *))
{
    g_interrupted = 0;
    g_target = target;
    g_cancel = cancel;
    m_previousInt = std::signal(SIGINT, cancelOnSignal);
    m_previousTerm = std::signal(SIGTERM, cancelOnSignal);
}

CancelOnSignal::~CancelOnSignal()
{
    std::signal(SIGINT, m_previousInt);
    std::signal(SIGTERM, m_previousTerm);
    g_cancel = nullptr;
    g_target = nullptr;
}

bool CancelOnSignal::interrupted()
{
    return g_interrupted != 0;
}

} // namespace sparkctl
