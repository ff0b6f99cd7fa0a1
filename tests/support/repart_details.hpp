#pragma once
// A method's reported figure by name (RepartResult::details, or a distributed result's), for
// tests.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "libpart/repart/repart_method.hpp"

namespace part::test {

inline double detail(const std::vector<std::pair<std::string, double>>& details,
                     const std::string& name) {
    for (const auto& [key, value] : details)
        if (key == name) return value;
    ADD_FAILURE() << "no detail " << name;
    return -1;
}

inline double detail(const RepartResult& r, const std::string& name) {
    return detail(r.details, name);
}

} // namespace part::test
