#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <functional>

#include <omp.h>

#include "formats/atomic_output.hpp"
#include "formats/coordinates_file.hpp"
#include "formats/partition_file.hpp"
#include "tests/support/test_files.hpp"

using namespace part;

namespace {

template <typename Parse> std::string parse_error(Parse parse) {
    try {
        parse();
    } catch (const InputError& e) {
        return e.what();
    }
    ADD_FAILURE() << "bad input accepted";
    return "";
}

} // namespace

TEST(PartitionFile, ReadsIdsAndCountsParts) {
    Partition p = formats::parse_partition("0\n2\n1\n2\n", "p", 4);
    EXPECT_EQ(p.part, (std::vector<PartId>{0, 2, 1, 2}));
    EXPECT_EQ(p.num_parts, 3);
}

TEST(PartitionFile, TakesKFromGpmetisStyleName) {
    const std::string ten = "0\n1\n0\n1\n0\n1\n0\n1\n0\n1\n";
    EXPECT_EQ(formats::parse_partition(ten, "mesh.graph.part.8", 10).num_parts, 8);
    EXPECT_EQ(formats::parse_partition(ten, "mesh.graph.part.8", 10, 4).num_parts, 4);
    // A name asking for more parts than vertices would size per-part arrays beyond the input.
    const auto message =
        parse_error([] { formats::parse_partition("0\n1\n", "mesh.graph.part.8", 2); });
    EXPECT_NE(message.find("mesh.graph.part.8: the name says 8 parts (.part.K) but the partition "
                           "has only 2 vertices"),
              std::string::npos)
        << message;
}

TEST(PartitionFile, LengthMismatchNamesCounts) {
    auto message = parse_error([] { formats::parse_partition("0\n1\n", "p.part", 3); });
    EXPECT_NE(message.find("p.part:2: partition has 2 lines but the graph has 3 vertices"),
              std::string::npos)
        << message;
    message = parse_error([] { formats::parse_partition("0\n1\n1\n", "p.part", 2); });
    EXPECT_NE(message.find("p.part:3: more lines than the graph's 2 vertices"), std::string::npos)
        << message;
}

TEST(PartitionFile, RejectsNegativeAndNonNumericIds) {
    auto message = parse_error([] { formats::parse_partition("0\n-1\n", "p", 2); });
    EXPECT_NE(message.find("p:2: part id -1 is negative"), std::string::npos) << message;
    message = parse_error([] { formats::parse_partition("0\nabc\n", "p", 2); });
    EXPECT_NE(message.find("p:2: expected a part id (an integer), found 'abc'"), std::string::npos)
        << message;
    message = parse_error([] { formats::parse_partition("0\n5\n", "p", 2, 4); });
    EXPECT_NE(message.find("out of range for 4 parts"), std::string::npos) << message;
}

TEST(PartitionFile, OneBasedFileIsNamedSo) {
    const std::string kLooks = "no vertex is in part 0, so this file looks 1-based";
    // K known: the first id K is out of range, and the message says why.
    auto message = parse_error([] { formats::parse_partition("1\n2\n3\n3\n", "p", 4, 3); });
    EXPECT_NE(message.find("p:3: part id 3 is out of range for 3 parts; " + kLooks),
              std::string::npos)
        << message;
    // K from the gpmetis-style name.
    message = parse_error([] { formats::parse_partition("% c\n1\n3\n2\n", "g.part.3", 3); });
    EXPECT_NE(message.find("g.part.3:3: part id 3 is out of range for 3 parts (the count in the "
                           "file's name); " +
                           kLooks),
              std::string::npos)
        << message;
    // K unknown: ids 1..3 would make 4 parts with part 0 empty.
    message = parse_error([] { formats::parse_partition("% 1-based\n1\n2\n3\n", "p", 3); });
    EXPECT_NE(message.find("p:2: " + kLooks), std::string::npos) << message;
    EXPECT_NE(message.find("ids 1..3 would make 4 parts"), std::string::npos) << message;
    // Out of range with a part 0: no 1-based hint.
    message = parse_error([] { formats::parse_partition("0\n3\n", "p", 2, 3); });
    EXPECT_EQ(message.find("1-based"), std::string::npos) << message;
    // Part 0 empty but the count given: accepted.
    EXPECT_EQ(formats::parse_partition("1\n2\n2\n", "p", 3, 3).num_parts, 3);
}

TEST(PartitionFile, PartsFromGpmetisStyleNames) {
    EXPECT_EQ(formats::parts_from_name("mesh.graph.part.8"), 8);
    EXPECT_EQ(formats::parts_from_name("dir.part.3/mesh.graph.part.16"), 16);
    EXPECT_EQ(formats::parts_from_name(".part.1"), 1);
    EXPECT_EQ(formats::parts_from_name("m.part.007"), 7);
    EXPECT_EQ(formats::parts_from_name("m.part.999999999"), 999999999);
    // Not the suffix: too many digits, no digits, something after them, a wrong word.
    for (const char* name :
         {"m.part.1234567890", "m.part.", "m.part.8.out", "m.part.8x", "m.parts.8", "m.part8",
          "mpart.8", "m.Part.8", "m.part.-8", "", "8", "part.8"})
        EXPECT_EQ(formats::parts_from_name(name), 0) << name;
}

TEST(PartitionFile, PlainAndUnusualLayoutsReadTheSame) {
    // CR-LF ends, padding, comments, a missing final newline, trailing blank lines, long ids
    // and leading zeros give the same partition as plain ids.
    const std::vector<PartId> expected{3, 0, 12, 7, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    const std::string rest = "1\n1\n1\n1\n1\n1\n1\n1\n1";
    for (const std::string& text :
         {"3\n0\n12\n7\n" + rest + "\n", "3\n0\n12\n7\n" + rest,
          "3\r\n0\r\n12\r\n7\r\n" + rest + "\r\n", " 3\n0 \n\t12\n7\n" + rest + "\n",
          "% k=13\n3\n0\n12\n7\n" + rest + "\n", "3\n0\n12\n7\n" + rest + "\n\n\n",
          "003\n0\n0000000012\n7\n" + rest + "\n"}) {
        const Partition p = formats::parse_partition(text, "p", 13);
        EXPECT_EQ(p.part, expected) << text;
        EXPECT_EQ(p.num_parts, 13) << text;
    }
    EXPECT_EQ(formats::parse_partition("", "p", 0).part, std::vector<PartId>{});
    EXPECT_EQ(formats::parse_partition("1\n0\n", "p", -1).part, (std::vector<PartId>{1, 0}));
    // An id of at least the number of vertices is refused at its line (at most one part per
    // vertex), so a single huge id cannot size per-part arrays beyond the input.
    const auto message = parse_error([] { formats::parse_partition("1234567890\n0\n", "p", 2); });
    EXPECT_NE(message.find("p:1: part id 1234567890 is out of range for 2 parts (at most one "
                           "part per vertex"),
              std::string::npos)
        << message;
}

TEST(PartitionFile, BadLinesNameTheirLineWhateverThePath) {
    // Bad lines after good ones: the error names the bad line.
    const std::vector<std::pair<std::string, std::string>> cases{
        {"0\n1\n-1\n", "p:3: part id -1 is negative"},
        {"0\n1\n+1\n", "p:3: expected a part id (an integer), found '+1'"},
        {"0\n1\n1.0\n", "p:3: expected a part id (an integer), found '1.0'"},
        {"0\n1 2\n1\n", "p:2: expected one part id on the line, found more"},
        {"0\n\n1\n", "p:3: blank line before the end of the data"},
        {"0\n1\n2147483647\n", "p:3: part id 2147483647 is too large"},
        {"0\n1\n99999999999999999999\n", "p:3: expected a part id (an integer)"},
        {"0\n1\n", "p:2: partition has 2 lines but the graph has 3 vertices"},
        {"0\n1\n1\n1\n", "p:4: more lines than the graph's 3 vertices"}};
    for (const auto& [text, message] : cases) {
        const std::string error =
            parse_error([&text = text] { formats::parse_partition(text, "p", 3); });
        EXPECT_NE(error.find(message), std::string::npos) << text << " -> " << error;
    }
    const std::string error = parse_error([] { formats::parse_partition("0\n1\n4\n", "p", 3, 4); });
    EXPECT_NE(error.find("p:3: part id 4 is out of range for 4 parts"), std::string::npos) << error;
}

TEST(PartitionFile, WriteThenReadBack) {
    test::ScratchDir dir;
    formats::write_partition(dir.file("p"), {3, 0, 1});
    EXPECT_EQ(test::read_text(dir.file("p")), "3\n0\n1\n");
    const std::vector<PartId> wide{0, 9, 10, 99, 100, 123456789, 2147483647};
    formats::write_partition(dir.file("q"), wide);
    EXPECT_EQ(test::read_text(dir.file("q")), "0\n9\n10\n99\n100\n123456789\n2147483647\n");
    formats::write_partition(dir.file("empty"), {});
    EXPECT_EQ(test::read_text(dir.file("empty")), "");
}

TEST(TargetsFile, NormalisesAndChecksCount) {
    test::ScratchDir dir;
    auto fractions = formats::read_targets(dir.write("t", "1\n3\n"), 2);
    EXPECT_DOUBLE_EQ(fractions[0], 0.25);
    auto message = parse_error([&] { formats::read_targets(dir.write("t2", "1\n3\n"), 3); });
    EXPECT_NE(message.find("targets file has 2 values but there are 3 parts"), std::string::npos)
        << message;
    message = parse_error([&] { formats::read_targets(dir.write("t3", "1\n0\n"), 2); });
    EXPECT_NE(message.find(":2: target capacity must be a positive number"), std::string::npos)
        << message;
}

// Mutation findings R6: a capacity far below the others passed the reader, then its fraction
// underflowed (to 0 in double, or below float for METIS) and the tools failed without naming
// the file.
TEST(TargetsFile, RefusesCapacitiesMETISCannotHoldNamingTheSmallest) {
    test::ScratchDir dir;
    const std::string tiny = dir.write("tiny", "1\n4.9e-324\n2\n");
    auto message = parse_error([&] { formats::read_targets(tiny, 3); });
    EXPECT_NE(message.find(tiny + ":2: target capacity"), std::string::npos) << message;
    EXPECT_NE(message.find("ratio of the largest to the smallest capacity"), std::string::npos)
        << message;
    message = parse_error([&] { formats::read_targets(dir.write("huge", "1e308\n1\n"), 2); });
    EXPECT_NE(message.find(":2: target capacity 1 is too small beside 1e+308 on line 1"),
              std::string::npos)
        << message;
    message = parse_error([&] { formats::read_targets(dir.write("ratio", "1\n1000001\n"), 2); });
    EXPECT_NE(message.find(":1: target capacity"), std::string::npos) << message;
    const auto wide = formats::read_targets(dir.write("wide", "1\n999999\n"), 2);
    EXPECT_DOUBLE_EQ(wide[0], 1e-6);
}

TEST(TargetsFile, HugeCapacitiesDoNotOverflowTheirSum) {
    test::ScratchDir dir;
    const auto fractions = formats::read_targets(dir.write("big", "1e308\n1e308\n1.5e308\n"), 3);
    EXPECT_DOUBLE_EQ(fractions[0], 2.0 / 7);
    EXPECT_DOUBLE_EQ(fractions[2], 3.0 / 7);
}

TEST(CoordinatesFile, ReadsRowsOfSameWidth) {
    Coordinates c = formats::parse_coordinates("0 0 1\n1.5 2 -3e2\n", "c.xyz", 2);
    EXPECT_EQ(c.dim, 3);
    EXPECT_DOUBLE_EQ(c.at(1, 2), -300.0);
}

TEST(CoordinatesFile, RejectsRaggedShortAndNonFinite) {
    auto message = parse_error([] { formats::parse_coordinates("0 0\n1 1 1\n", "c.xyz", 2); });
    EXPECT_NE(message.find("c.xyz:2: expected 2 coordinates"), std::string::npos) << message;
    message = parse_error([] { formats::parse_coordinates("0 0\n", "c.xyz", 2); });
    EXPECT_NE(message.find("file has 1 coordinate rows but the graph has 2 vertices"),
              std::string::npos)
        << message;
    message = parse_error([] { formats::parse_coordinates("0 nan\n", "c.xyz", 1); });
    EXPECT_NE(message.find("c.xyz:1: coordinate is not finite"), std::string::npos) << message;
}

TEST(CoordinatesFile, SmallFilesTakeSpacingCommentsAndTrailingBlanks) {
    // Tabs, CR-LF line ends, padding, a missing final newline, trailing blank lines and a
    // comment all read the same numbers.
    const std::vector<double> expected{1, -2.5, 3e-3, 4, 0.5, -6};
    for (const char* text : {"1 -2.5\n3e-3 4\n0.5 -6\n", "1\t-2.5\r\n 3e-3  4 \r\n0.5 -6",
                             "1 -2.5\n3e-3 4\n0.5 -6\n\n \n", "% x y\n1 -2.5\n3e-3 4\n0.5 -6\n"}) {
        const Coordinates c = formats::parse_coordinates(text, "c.xyz", 3);
        EXPECT_EQ(c.dim, 2) << text;
        EXPECT_EQ(c.values, expected) << text;
    }
    // Bad rows get the line-by-line parse's errors: a row with a trailing token, a glued
    // token, a blank line before more rows.
    EXPECT_NE(parse_error([] {
                  formats::parse_coordinates("0 0\n1 1 x\n", "c.xyz", 2);
              }).find("c.xyz:2:"),
              std::string::npos);
    EXPECT_NE(
        parse_error([] { formats::parse_coordinates("0 0\n1 1x\n", "c.xyz", 2); }).find("c.xyz:2:"),
        std::string::npos);
    EXPECT_NE(parse_error([] {
                  formats::parse_coordinates("0 0\n\n1 1\n", "c.xyz", 2);
              }).find("blank line"),
              std::string::npos);
}

TEST(CoordinatesFile, NumberFormsAndTheirErrors) {
    // Signs, exponents, leading zeros, 17-19 digits, spacing: the values from_chars gives.
    const Coordinates c = formats::parse_coordinates(
        "-0 0.5e0\n1E3 -2.5e-3\n00012.50 0.024557081070315925\n-1.639703396122364 "
        "1234567890123456789e-30\n",
        "c.xyz", 4);
    EXPECT_TRUE(std::signbit(c.at(0, 0)));
    EXPECT_EQ(c.at(0, 1), 0.5);
    EXPECT_EQ(c.at(1, 0), 1000.0);
    EXPECT_EQ(c.at(1, 1), -2.5e-3);
    EXPECT_EQ(c.at(2, 0), 12.5);
    EXPECT_EQ(c.at(2, 1), 0.024557081070315925);
    EXPECT_EQ(c.at(3, 0), -1.639703396122364);
    EXPECT_EQ(c.at(3, 1), 1234567890123456789e-30);
}

TEST(CoordinatesFile, BadNumbersNameLineAndToken) {
    const std::vector<std::pair<std::string, std::string>> cases{
        {"0 0\n1 1.5.2\n", "c.xyz:2: expected a coordinate (a number), found '1.5.2'"},
        {"0 0\n1 1e\n", "c.xyz:2: expected a coordinate (a number), found '1e'"},
        {"0 0\n1 --1\n", "c.xyz:2: expected a coordinate (a number), found '--1'"},
        {"0 0\n0 0\n1 0x10\n", "c.xyz:3: expected a coordinate (a number), found '0x10'"},
        {"0 0\n1 1e999\n", "c.xyz:2: expected a coordinate (a number), found '1e999'"},
        {"0 0\n1 inf\n", "c.xyz:2: coordinate is not finite"},
        {"0 0\n1 .\n", "c.xyz:2: expected a coordinate (a number), found '.'"}};
    for (const auto& [text, message] : cases) {
        const std::string error =
            parse_error([&text = text] { formats::parse_coordinates(text, "c.xyz", -1); });
        EXPECT_NE(error.find(message), std::string::npos) << text << " -> " << error;
    }
}

TEST(CoordinatesFile, WriteReadRoundTripIsExact) {
    test::ScratchDir dir;
    Coordinates c{2, {0.1, 1.0 / 3.0, -2.5e-7, 1e10}};
    formats::write_coordinates(dir.file("c.xyz"), c);
    Coordinates back = formats::read_coordinates(dir.file("c.xyz"), 2);
    EXPECT_EQ(back.values, c.values);
}

TEST(CoordinatesFile, StreamedRowsWriteTheSameTextAsTheArray) {
    test::ScratchDir dir;
    const Coordinates c{3, {0.1, 1.0 / 3.0, -2.5e-7, 1e10, 2, -0.0}};
    formats::write_coordinates(dir.file("whole.xyz"), c);
    formats::write_coordinates(dir.file("rows.xyz"), 2, 3,
                               [&](std::size_t row, std::span<double> values) {
                                   for (int a = 0; a < 3; ++a) values[a] = c.at(VertexId(row), a);
                               });
    EXPECT_EQ(test::read_text(dir.file("rows.xyz")), test::read_text(dir.file("whole.xyz")));
    EXPECT_EQ(formats::read_coordinates(dir.file("rows.xyz"), 2).values, c.values);
    EXPECT_THROW(formats::write_coordinates(dir.file("bad.xyz"), 1, 4,
                                            [](std::size_t, std::span<double>) {}),
                 InvalidArgument);
    EXPECT_FALSE(test::file_exists(dir.file("bad.xyz")));
}

namespace {

// Rows "i i+0.5 -i" for i < rows: over a megabyte from about 60k rows.
std::string large_coordinates(int rows) {
    std::string text;
    for (int i = 0; i < rows; ++i)
        text += std::to_string(i) + " " + std::to_string(i) + ".5 " + std::to_string(-i) + "\n";
    return text;
}

} // namespace

TEST(CoordinatesFile, LargeFileParsesLikeSmallOnes) {
    const int rows = 120000;
    const Coordinates c = formats::parse_coordinates(large_coordinates(rows), "big.xyz", rows);
    ASSERT_EQ(c.dim, 3);
    ASSERT_EQ(c.values.size(), std::size_t(3 * rows));
    for (int i = 0; i < rows; i += 997) {
        EXPECT_EQ(c.at(i, 0), i);
        EXPECT_EQ(c.at(i, 1), i + 0.5);
        EXPECT_EQ(c.at(i, 2), -i);
    }
}

TEST(CoordinatesFile, LargeFileErrorsNameTheFilesOwnLine) {
    const int rows = 120000;
    std::string text = large_coordinates(rows);
    // A bad token late in the file: line 100001.
    const std::size_t at = text.find("\n100000 ") + 1;
    std::string bad = text;
    bad.replace(at, 6, "1e0x00");
    EXPECT_NE(parse_error([&] {
                  formats::parse_coordinates(bad, "big.xyz", rows);
              }).find("big.xyz:100001:"),
              std::string::npos);
    // A blank line in the middle, and a row count that differs from the graph's.
    const std::size_t middle = text.find("\n60000 ") + 1;
    const std::string blank = text.substr(0, middle) + "\n" + text.substr(middle);
    EXPECT_NE(
        parse_error([&] { formats::parse_coordinates(blank, "big.xyz", rows); }).find("blank line"),
        std::string::npos);
    EXPECT_NE(parse_error([&] {
                  formats::parse_coordinates(text, "big.xyz", rows + 1);
              }).find("120000 coordinate rows but the graph has 120001"),
              std::string::npos);
}

TEST(AtomicOutput, UncommittedFileLeavesNothing) {
    test::ScratchDir dir;
    std::string temp;
    {
        formats::PendingFile pending(dir.file("out"));
        temp = pending.temp_path();
        EXPECT_TRUE(test::file_exists(temp));
    }
    EXPECT_FALSE(test::file_exists(temp));
    EXPECT_FALSE(test::file_exists(dir.file("out")));
    EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

// An output that exists is swapped with the new one (formats/atomic_output.cpp), whose old
// content must then be gone: the folder holds the new file alone.
TEST(AtomicOutput, ReplacesAnExistingFileAndLeavesNothingElse) {
    test::ScratchDir dir;
    const std::string out = dir.file("out");
    formats::write_file_atomically(out, "old\n");
    formats::write_file_atomically(out, "new, longer\n");
    formats::write_file_atomically(out, "x\n");
    EXPECT_EQ(test::read_text(out), "x\n");
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
        names.push_back(entry.path().filename().string());
    EXPECT_EQ(names, std::vector<std::string>{"out"});
    EXPECT_EQ(std::filesystem::status(out).permissions(),
              std::filesystem::perms(0644)); // as a new file gets
}

// A folder in the output's place is an error, never swapped out of the way.
TEST(AtomicOutput, RefusesToReplaceAFolder) {
    test::ScratchDir dir;
    const std::string out = dir.file("out");
    std::filesystem::create_directory(out);
    EXPECT_NE(parse_error([&] { formats::write_file_atomically(out, "x"); }).find(out),
              std::string::npos);
    EXPECT_TRUE(std::filesystem::is_directory(out));
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path()),
                            std::filesystem::directory_iterator()),
              1);
}

TEST(AtomicOutput, FailsClearlyInMissingFolder) {
    auto message = parse_error([] { formats::write_file_atomically("/nonexistent/dir/out", "x"); });
    EXPECT_NE(message.find("/nonexistent/dir/out"), std::string::npos) << message;
}

TEST(CoordinatesFile, RowCountsOtherThanTheGraphsNameTheLine) {
    const std::vector<std::pair<std::string, std::string>> cases{
        {"1 2\n3 4\n5 6\n7 8\n9 10\n", "c.xyz:5: more coordinate rows than the graph's 4"},
        {"1 2\n3 4\n5 6\n", "c.xyz:3: file has 3 coordinate rows but the graph has 4 vertices"},
        {"", "c.xyz: file has 0 coordinate rows but the graph has 4 vertices"},
        {"1\n2\n\n3\n4\n", "c.xyz:4: blank line before the end of the data"}};
    for (const auto& [text, message] : cases) {
        const std::string error =
            parse_error([&text = text] { formats::parse_coordinates(text, "c.xyz", 4); });
        EXPECT_EQ(error.rfind(message, 0), 0u) << text << " -> " << error;
    }
    test::ScratchDir dir;
    const std::string missing = dir.file("missing.xyz");
    EXPECT_EQ(parse_error([&] { formats::read_coordinates(missing, 4); }).rfind(missing, 0), 0u);
}

TEST(CoordinatesFile, OneThreadAndTwoReadAndRejectAlike) {
    // Two threads parse pieces of a large file; any problem sends the file to the one-thread
    // parse, so that values and messages are the same whatever the thread count.
    const int threads = omp_get_max_threads();
    std::string base;
    const std::int64_t rows = 60000;
    for (std::int64_t r = 0; r < rows; ++r)
        base += std::to_string(r) + ".25 -" + std::to_string(r % 977) + "e-3 1.5\n";
    ASSERT_GT(base.size(), 1u << 20);
    const std::size_t middle = base.find('\n', base.size() / 2) + 1;
    std::vector<std::string> texts(6, base);
    texts[1][middle] = 'x';             // first byte of the second piece
    texts[2].insert(middle, "\n");      // a blank line before more rows
    texts[3].insert(middle, "1 2\n");   // a row of another width
    texts[4].insert(middle, "1 2 3\n"); // a row more than the graph's
    texts[5] = base.substr(0, middle);  // rows fewer
    texts.push_back(base + "\n\n");     // trailing blank lines
    texts.push_back("% x y z\n" + base.substr(0, middle) + "% c\n" + base.substr(middle));
    for (std::size_t t = 0; t < texts.size(); ++t) {
        std::vector<double> values[2];
        std::string messages[2];
        for (int one_or_two : {1, 2}) {
            omp_set_num_threads(one_or_two);
            try {
                values[one_or_two - 1] = formats::parse_coordinates(texts[t], "c.xyz", rows).values;
            } catch (const InputError& e) {
                messages[one_or_two - 1] = e.what();
            }
        }
        EXPECT_EQ(messages[1], messages[0]) << t;
        EXPECT_EQ(values[1], values[0]) << t;
        EXPECT_EQ(messages[0].empty(), t == 0 || t >= 6) << t << " " << messages[0];
        if (messages[0].empty()) {
            EXPECT_EQ(values[0].size(), std::size_t(rows) * 3) << t;
        }
    }
    omp_set_num_threads(threads);
}
