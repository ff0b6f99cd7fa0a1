// libFuzzer target for the schedule tools' traces (step costs, load traces, work units), read
// from a file as the tools read them: any input must parse or be rejected with InputError.
// See tests/fuzz/README.md.
#include "formats/schedule_traces.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = part::fuzz::write_input(part::fuzz::as_text(data, size), "fuzz.csv");
    part::fuzz::accepts([&] {
        const auto costs = part::formats::read_step_costs(path, "1.5");
        part::fuzz::require(costs.remap_cost.size() == std::size_t(costs.costs.steps),
                            "not one remap cost per step");
    });
    part::fuzz::accepts([&] { part::formats::read_load_trace(path, "0"); });
    part::fuzz::accepts([&] {
        const auto work = part::formats::read_work_trace(path);
        part::fuzz::require(work.wavefront.size() == work.string.size(),
                            "wavefront and string columns of different lengths");
    });
    return 0;
}
