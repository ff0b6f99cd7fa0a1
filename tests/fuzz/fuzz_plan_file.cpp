// libFuzzer target for migration plan files: any input must parse or be rejected with
// InputError, and a plan that parses must survive being written and read back unchanged.
// See tests/fuzz/README.md.
#include "formats/plan_file.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using part::formats::parse_plan;
    part::MigrationPlan plan;
    if (!part::fuzz::accepts(
            [&] { plan = parse_plan(part::fuzz::as_text(data, size), "fuzz.plan"); }))
        return 0;
    part::MigrationPlan again;
    part::fuzz::require(part::fuzz::accepts([&] {
                            again = parse_plan(part::formats::format_plan(plan), "again.plan");
                        }),
                        "a parsed plan, written again, is rejected");
    part::fuzz::require(again == plan, "a parsed plan reads back as another plan");
    return 0;
}
