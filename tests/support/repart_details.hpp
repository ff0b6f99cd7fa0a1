#pragma once
// A method's reported figure by name (RepartResult::details), for tests.
#include <gtest/gtest.h>

#include <string>

#include "libpart/repart/repart_method.hpp"

namespace part::test {

inline double detail(const RepartResult& r, const std::string& name) {
    for (const auto& [key, value] : r.details)
        if (key == name) return value;
    ADD_FAILURE() << "no detail " << name;
    return -1;
}

} // namespace part::test
