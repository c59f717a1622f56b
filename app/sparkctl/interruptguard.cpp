// SPDX-License-Identifier: MIT
#include "app/sparkctl/interruptguard.h"

#include "app/sparkctl/exitcode.h"

#include <csignal>
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace sparkctl {

namespace {
int g_sockets[2] = {-1, -1};
struct sigaction g_previousInt{};
struct sigaction g_previousTerm{};

void handleSignal(int signal)
{
    const unsigned char byte = static_cast<unsigned char>(signal);
    [[maybe_unused]] const ssize_t written = ::write(g_sockets[0], &byte, 1); // async-signal-safe
}
extern "C" void exitInterrupted(int)
{
    _exit(Interrupted);
}

} // namespace

void exitOnInterrupt()
{
    struct sigaction action{};
    action.sa_handler = exitInterrupted;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGINT, &action, nullptr);
    ::sigaction(SIGTERM, &action, nullptr);
}

InterruptGuard::InterruptGuard(std::function<void(int signal)> onInterrupt)
    : m_onInterrupt(std::move(onInterrupt))
{
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, g_sockets) != 0)
        return; // no guard: Ctrl-C ends the process as it always did
    ::fcntl(g_sockets[0], F_SETFL, O_NONBLOCK);
    m_notifier = std::make_unique<QSocketNotifier>(g_sockets[1], QSocketNotifier::Read);
    QObject::connect(m_notifier.get(), &QSocketNotifier::activated, m_notifier.get(), [this] {
        unsigned char byte = 0;
        if (::read(g_sockets[1], &byte, 1) == 1)
            m_onInterrupt(int(byte));
    });
    struct sigaction action{};
    action.sa_handler = handleSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    ::sigaction(SIGINT, &action, &g_previousInt);
    ::sigaction(SIGTERM, &action, &g_previousTerm);
}

InterruptGuard::~InterruptGuard()
{
    if (!m_notifier)
        return;
    ::sigaction(SIGINT, &g_previousInt, nullptr);
    ::sigaction(SIGTERM, &g_previousTerm, nullptr);
    m_notifier.reset();
    ::close(g_sockets[0]);
    ::close(g_sockets[1]);
    g_sockets[0] = g_sockets[1] = -1;
}

} // namespace sparkctl
