// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/expected.h"
#include "core/devices/device.h"
#include "core/devices/deviceprobe.h"
#include "core/ssh/sshsession.h"

#include <QList>
#include <QMutex>
#include <QMutexLocker>

#include <functional>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

namespace spark {

// A session to `device` that is up and shows the host key accepted at
// enrolment; nullptr, with `error` saying why, otherwise.
inline std::unique_ptr<SshSession> openVerifiedSession(const Device &device, std::optional<Error> *error)
{
    auto session = DeviceProbe::openSession(device);
    if (const Expected<void> connected = session->connectToHost().result(); !connected) {
        *error = connected.error();
        return nullptr;
    }
    if (const auto changed = DeviceProbe::hostKeyChanged(device, *session)) {
        *error = *changed;
        return nullptr;
    }
    return session;
}

// The fan-out of the model jobs: `work` on every device at once, each on its
// own thread with its own session, after the session is up and the host key
// is the one accepted at enrolment (else `failed` says why, and nothing runs
// on that node). `finished` is called under one lock, in the order the nodes
// answer, with how many have answered.
template<typename Result>
QList<Result> onEveryDevice(const QList<Device> &devices, const std::function<Result(const Device &, SshSession &)> &work,
                            const std::function<Result(const Device &, const Error &)> &failed,
                            const std::function<void(const Device &, const Result &, int answered)> &finished)
{
    QList<Result> all(devices.size());
    QMutex mutex;
    int answered = 0;
    std::vector<std::thread> threads;
    threads.reserve(size_t(devices.size()));
    for (qsizetype i = 0; i < devices.size(); ++i) {
        threads.emplace_back([&, i] {
            const Device &device = devices.at(i);
            std::optional<Error> error;
            const auto session = openVerifiedSession(device, &error);
            Result result = session ? work(device, *session) : failed(device, *error);
            const QMutexLocker locker(&mutex);
            all[i] = std::move(result);
            finished(device, all.at(i), ++answered);
        });
    }
    for (std::thread &thread : threads)
        thread.join();
    return all;
}

} // namespace spark
