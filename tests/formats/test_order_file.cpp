#include <gtest/gtest.h>

#include "formats/order_file.hpp"

using namespace part;

namespace {

std::string error_of(const std::string& text, VertexId n) {
    try {
        formats::parse_order(text, "o.order", n);
    } catch (const InputError& e) {
        return e.what();
    }
    ADD_FAILURE() << "accepted: " << text;
    return {};
}

} // namespace

TEST(OrderFile, ReadsAPermutation) {
    EXPECT_EQ(formats::parse_order("2\n0\n1\n", "o.order", 3), (std::vector<VertexId>{2, 0, 1}));
}

TEST(OrderFile, RejectsWhatIsNotAPermutation) {
    EXPECT_EQ(
        error_of("0\n1\n1\n", 3),
        "o.order:3: position 1 was already given on line 2: the ordering must be a permutation");
    EXPECT_EQ(error_of("0\n3\n1\n", 3),
              "o.order:2: position 3 is outside 0..2: positions are 0-based");
    EXPECT_EQ(error_of("0\n1\n", 3),
              "o.order:2: ordering has 2 lines but the graph has 3 vertices");
    EXPECT_EQ(error_of("0\n1\n2\n0\n", 3), "o.order:4: more lines than the graph's 3 vertices");
    EXPECT_NE(error_of("0\nx\n1\n", 3).find("o.order:2: expected a position"), std::string::npos);
}
