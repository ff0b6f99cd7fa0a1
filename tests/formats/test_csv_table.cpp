#include <gtest/gtest.h>

#include "formats/csv_table.hpp"
#include "libpart/core/error.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using formats::CsvOptions;
using formats::parse_csv_table;

namespace {

std::string csv_error(const std::string& text, const CsvOptions& options = {}) {
    try {
        parse_csv_table(text, "loads.csv", options);
    } catch (const InputError& e) {
        return e.what();
    }
    ADD_FAILURE() << "bad input accepted: " << text;
    return "";
}

const CsvOptions kLoads{.non_negative = true, .what = "load"};

} // namespace

TEST(CsvTable, ReadsHeaderRowsAndLines) {
    const auto table = parse_csv_table("# comment\nA, B\n1,3\n\n2.5 , 0\n", "t.csv");
    EXPECT_EQ(table.names, (std::vector<std::string>{"A", "B"}));
    EXPECT_EQ(table.rows(), 2);
    EXPECT_DOUBLE_EQ(table.at(1, 0), 2.5);
    EXPECT_EQ(table.row_line, (std::vector<std::int64_t>{3, 5}));
    EXPECT_EQ(table.column(1), (std::vector<double>{3, 0}));
}

TEST(CsvTable, Utf8ByteOrderMarkIsNotPartOfTheFirstName) {
    const auto table = parse_csv_table("\xEF\xBB\xBFp0,p1\n1,2\n", "bom.csv");
    EXPECT_EQ(table.names, (std::vector<std::string>{"p0", "p1"}));
    EXPECT_TRUE(table.find("p0"));
    const auto headless =
        parse_csv_table("\xEF\xBB\xBF"
                        "4\n5\n",
                        "bom.csv", {.non_negative = true, .header_optional = true});
    EXPECT_EQ(headless.rows(), 2);
    EXPECT_DOUBLE_EQ(headless.at(0, 0), 4);
}

TEST(CsvTable, RaggedRowNamesLineAndCounts) {
    EXPECT_NE(csv_error("p0,p1\n1,2\n3\n")
                  .find("loads.csv:3: row has 1 values but the header names 2 columns"),
              std::string::npos);
}

TEST(CsvTable, NonNumericValueNamesColumnAndToken) {
    EXPECT_NE(csv_error("p0,p1\n1,x2\n", kLoads)
                  .find("loads.csv:2: column 'p1': expected a finite number (load), found 'x2'"),
              std::string::npos);
    EXPECT_NE(csv_error("p0\nnan\n").find("loads.csv:2:"), std::string::npos);
    EXPECT_NE(csv_error("p0,p1\n1,\n").find("found ''"), std::string::npos);
}

TEST(CsvTable, NegativeLoadIsRejectedWhenLoadsMustBeNonNegative) {
    EXPECT_NE(csv_error("p0,p1\n1,2\n1,-0.5\n", kLoads)
                  .find("loads.csv:3: column 'p1': load -0.5 is negative"),
              std::string::npos);
    EXPECT_EQ(parse_csv_table("d\n-1\n", "x").at(0, 0), -1.0);
}

TEST(CsvTable, EmptyTraceIsAnError) {
    EXPECT_NE(csv_error("").find("empty file: expected a header line"), std::string::npos);
    EXPECT_NE(csv_error("p0,p1\n# nothing\n").find("loads.csv:2: no data rows after the header"),
              std::string::npos);
}

TEST(CsvTable, HeaderProblemsNameTheLine) {
    EXPECT_NE(csv_error("a,,b\n1,2,3\n").find("loads.csv:1: empty column name"), std::string::npos);
    EXPECT_NE(csv_error("a,a\n1,2\n").find("loads.csv:1: column name 'a' appears twice"),
              std::string::npos);
}

TEST(CsvTable, FiniteTotalNamesTheValueThatOverflows) {
    const auto table = parse_csv_table("A,B\n1,2\n1e308,1e308\n", "big.csv");
    try {
        formats::finite_total(table);
        FAIL() << "an overflowing sum was accepted";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("big.csv:3: column 'B': value 1e+308 takes the sum"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_DOUBLE_EQ(formats::finite_total(parse_csv_table("A,B\n1,2\n1e308,3\n", "t.csv")),
                     1e308 + 6);
}

TEST(PerStepValues, ConstantColumnOrFile) {
    test::ScratchDir dir;
    auto table = parse_csv_table("A,B,M\n1,3,0.5\n3,1,2\n", "costs.csv");
    EXPECT_EQ(formats::per_step_values("1.5", table, "--remap-cost"),
              (std::vector<double>{1.5, 1.5}));
    EXPECT_EQ(formats::per_step_values("M", table, "--remap-cost"), (std::vector<double>{0.5, 2}));
    EXPECT_EQ(table.names, (std::vector<std::string>{"A", "B"}));
    EXPECT_EQ(table.values, (std::vector<double>{1, 3, 3, 1}));
    EXPECT_EQ(formats::per_step_values(dir.write("m.txt", "4\n5\n"), table, "--remap-cost"),
              (std::vector<double>{4, 5}));
    EXPECT_EQ(formats::per_step_values(dir.write("m.csv", "cost\n4\n6\n"), table, "--remap-cost"),
              (std::vector<double>{4, 6}));
}

TEST(PerStepValues, WrongLengthFileNamesTheFile) {
    test::ScratchDir dir;
    auto table = parse_csv_table("A,B\n1,3\n3,1\n1,1\n", "costs.csv");
    const std::string path = dir.write("m.txt", "4\n5\n");
    try {
        formats::per_step_values(path, table, "--remap-cost");
        FAIL() << "wrong length accepted";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find(
                      path + ":2: file has 2 per-step values but costs.csv has 3 steps"),
                  std::string::npos)
            << e.what();
    }
}

TEST(PerStepValues, RejectsNegativeConstantAndUnknownSpec) {
    auto table = parse_csv_table("A\n1\n", "costs.csv");
    EXPECT_THROW(formats::per_step_values("-1", table, "--remap-cost"), InvalidArgument);
    EXPECT_THROW(formats::per_step_values("no-such-column-or-file", table, "--remap-cost"),
                 InvalidArgument);
    auto with_negative = parse_csv_table("A,M\n1,-2\n", "costs.csv");
    EXPECT_THROW(formats::per_step_values("M", with_negative, "--remap-cost"), InputError);
}
