// libFuzzer target for numeric CSV tables, read as the schedule tools read them (costs and
// loads: non-negative; per-step values: header optional) and with the default options: any
// input must parse or be rejected with InputError, and a parsed table holds one value per
// row and column. See tests/fuzz/README.md.
#include "formats/csv_table.hpp"
#include "tests/fuzz/fuzz_support.hpp"

namespace {

void read_table(std::string_view text, const part::formats::CsvOptions& options) {
    part::formats::CsvTable table;
    if (!part::fuzz::accepts(
            [&] { table = part::formats::parse_csv_table(text, "fuzz.csv", options); }))
        return;
    part::fuzz::require(table.columns() > 0 && table.rows() > 0, "an empty table accepted");
    part::fuzz::require(table.values.size() == std::size_t(table.rows()) * table.names.size(),
                        "not one value per row and column");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = part::fuzz::as_text(data, size);
    read_table(text, {});
    read_table(text, {.non_negative = true, .what = "cost"});
    read_table(text, {.header_optional = true});
    return 0;
}
