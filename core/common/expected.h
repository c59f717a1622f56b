// SPDX-License-Identifier: MIT
#pragma once

#include "core/common/error.h"

#include <optional>
#include <utility>
#include <variant>

namespace spark {

// A value or an Error (GCC 12's libstdc++ has no std::expected in C++20).
template<typename T>
class Expected
{
public:
    Expected(T value) : m_state(std::in_place_index<0>, std::move(value)) {}
    Expected(Error error) : m_state(std::in_place_index<1>, std::move(error)) {}

    bool hasValue() const { return m_state.index() == 0; }
    explicit operator bool() const { return hasValue(); }

    T &value() & { return std::get<0>(m_state); }
    const T &value() const & { return std::get<0>(m_state); }
    T &&value() && { return std::get<0>(std::move(m_state)); }
    T valueOr(T fallback) const { return hasValue() ? value() : std::move(fallback); }

    const Error &error() const { return std::get<1>(m_state); }

    T &operator*() & { return value(); }
    const T &operator*() const & { return value(); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }

private:
    std::variant<T, Error> m_state;
};

template<>
class Expected<void>
{
public:
    Expected() = default;
    Expected(Error error) : m_error(std::move(error)) {}

    bool hasValue() const { return !m_error.has_value(); }
    explicit operator bool() const { return hasValue(); }
    const Error &error() const { return *m_error; }

private:
    std::optional<Error> m_error;
};

} // namespace spark
