// libFuzzer target for AFLR3 UGRID meshes (.ugrid), read from a file with read_mesh as the tools
// read them: the first byte picks the encoding (ASCII or one of the binary layouts, named by the
// file as UG_IO names them), the rest is the file. Any input must give a valid mesh or be
// rejected with InputError. See tests/fuzz/README.md.
#include "formats/mesh_file.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    static const char* const kNames[] = {"fuzz.ugrid",      "fuzz.b8.ugrid",  "fuzz.lb8.ugrid",
                                         "fuzz.b4.ugrid",   "fuzz.lb4.ugrid", "fuzz.b8l.ugrid",
                                         "fuzz.lb8l.ugrid", "fuzz.r8.ugrid",  "fuzz.lr8.ugrid",
                                         "fuzz.r4.ugrid",   "fuzz.lr4.ugrid"};
    const char* name = kNames[data[0] % (sizeof kNames / sizeof kNames[0])];
    const std::string path = part::fuzz::write_input(part::fuzz::as_text(data + 1, size - 1), name);
    part::fuzz::accepts([&] { part::formats::read_mesh(path); });
    return 0;
}
