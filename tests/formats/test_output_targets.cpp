// Outputs onto targets that are not regular files: standard output, descriptors, devices and
// FIFOs are written in place; renaming a temporary over them would replace the device or pipe.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <thread>

#include "formats/atomic_output.hpp"
#include "libpart/core/error.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
namespace fs = std::filesystem;

namespace {

bool is_character_device(const std::string& path) {
    struct stat s;
    return ::lstat(path.c_str(), &s) == 0 && S_ISCHR(s.st_mode);
}

// Everything a reader gets from the FIFO at `path` while `write` runs.
std::string read_fifo_while(const std::string& path, const std::function<void()>& write) {
    std::string got;
    std::thread reader([&] {
        const int fd = ::open(path.c_str(), O_RDONLY);
        char buffer[4096];
        for (ssize_t n; fd >= 0 && (n = ::read(fd, buffer, sizeof buffer)) > 0;)
            got.append(buffer, std::size_t(n));
        if (fd >= 0) ::close(fd);
    });
    write();
    reader.join();
    return got;
}

} // namespace

TEST(OutputTargets, NamesOfInheritedDescriptors) {
    EXPECT_EQ(formats::inherited_descriptor("-"), 1);
    EXPECT_EQ(formats::inherited_descriptor("/dev/stdout"), 1);
    EXPECT_EQ(formats::inherited_descriptor("/dev/stderr"), 2);
    EXPECT_EQ(formats::inherited_descriptor("/dev/fd/7"), 7);
    EXPECT_EQ(formats::inherited_descriptor("/proc/self/fd/12"), 12);
    EXPECT_EQ(formats::inherited_descriptor("/dev/fd/"), -1);
    EXPECT_EQ(formats::inherited_descriptor("/dev/fd/1x"), -1);
    EXPECT_EQ(formats::inherited_descriptor("out.part"), -1);
    EXPECT_TRUE(formats::is_standard_output("/dev/fd/1"));
    EXPECT_FALSE(formats::is_standard_output("/dev/stderr"));
}

// A character device made in the scratch folder (the null device's numbers), so that the test
// also shows the failure it guards against without touching the real /dev/null.
TEST(OutputTargets, WritesIntoACharacterDeviceAndLeavesItADevice) {
    test::ScratchDir dir;
    const std::string device = dir.file("null");
    if (::mknod(device.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0)
        GTEST_SKIP() << "cannot make a device node here (needs CAP_MKNOD)";
    formats::write_file_atomically(device, "0\n1\n");
    EXPECT_TRUE(is_character_device(device));
    EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1)
        << "no temporary left beside the device";
}

// The real /dev/null: tests run as root, where a rename over it would replace it for every
// process on the machine; checked afterwards.
TEST(OutputTargets, DevNullStaysTheNullDevice) {
    ASSERT_TRUE(is_character_device("/dev/null"));
    formats::write_file_atomically("/dev/null", "x\n");
    {
        formats::ChunkedOutput out("/dev/null");
        out.text() = std::string(3 << 20, 'y');
        out.flush_if_large();
        out.commit();
    }
    EXPECT_TRUE(is_character_device("/dev/null"));
    for (const auto& entry : fs::directory_iterator("/dev"))
        EXPECT_FALSE(entry.path().filename().string().starts_with("null.tmp-")) << entry.path();
}

TEST(OutputTargets, WritesIntoAFifoReadWhileWriting) {
    test::ScratchDir dir;
    const std::string fifo = dir.file("pipe");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const std::string text(200000, 'z'); // more than a pipe holds: the reader must drain it
    const std::string got =
        read_fifo_while(fifo, [&] { formats::write_file_atomically(fifo, text); });
    EXPECT_EQ(got, text);
    struct stat s;
    ASSERT_EQ(::lstat(fifo.c_str(), &s), 0);
    EXPECT_TRUE(S_ISFIFO(s.st_mode));
    EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1);
}

TEST(OutputTargets, DashWritesToStandardOutput) {
    testing::internal::CaptureStdout();
    formats::write_file_atomically("-", "a\nb\n");
    EXPECT_EQ(testing::internal::GetCapturedStdout(), "a\nb\n");
    EXPECT_NE(::fcntl(STDOUT_FILENO, F_GETFD), -1) << "standard output stays open";
    EXPECT_FALSE(test::file_exists("-"));
}

TEST(OutputTargets, DescriptorPathWritesToThatDescriptor) {
    int ends[2];
    ASSERT_EQ(::pipe(ends), 0);
    {
        formats::PendingFile out("/dev/fd/" + std::to_string(ends[1]));
        EXPECT_TRUE(out.direct());
        out.write("piece");
        out.commit();
    }
    ::close(ends[1]); // the writer's copy was closed by commit: the reader sees the end
    char buffer[16] = {};
    EXPECT_EQ(::read(ends[0], buffer, sizeof buffer), 5);
    EXPECT_EQ(std::string(buffer), "piece");
    ::close(ends[0]);
}

// A symlink to a regular file is still an ordinary output (temporary and rename).
TEST(OutputTargets, RegularFilesAndNewNamesStillGoThroughATemporary) {
    test::ScratchDir dir;
    EXPECT_FALSE(formats::writes_directly(dir.file("new")));
    const std::string file = dir.write("old", "x");
    EXPECT_FALSE(formats::writes_directly(file));
    fs::create_symlink(file, dir.file("link"));
    EXPECT_FALSE(formats::writes_directly(dir.file("link")));
    EXPECT_THROW(formats::writes_directly(dir.path()), InputError);
}
