// libFuzzer target for Gmsh .msh files (1.0, 2.2, 4.0 and 4.1, ASCII and binary: the input's head
// says which), read from a file with read_mesh as the tools read them: any input must give a valid
// mesh or be rejected with InputError. See tests/fuzz/README.md.
#include "formats/mesh_file.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = part::fuzz::write_input(part::fuzz::as_text(data, size), "fuzz.msh");
    part::fuzz::accepts([&] { part::formats::read_mesh(path); });
    return 0;
}
