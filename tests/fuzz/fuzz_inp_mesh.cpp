// libFuzzer target for .inp meshes (Abaqus, or AVS UCD by content), read from a file with
// read_mesh as the tools read them: any input must give a valid mesh or be rejected with
// InputError. See tests/fuzz/README.md.
#include "formats/mesh_file.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = part::fuzz::write_input(part::fuzz::as_text(data, size), "fuzz.inp");
    part::fuzz::accepts([&] { part::formats::read_mesh(path); });
    return 0;
}
