// part::api::migrate under mpiexec (1 to 4 ranks): after a plan is applied each rank holds
// exactly the ids of its new part, each with the data that was attached to it (a function of
// the id), for fixed and variable sizes, for plans that shrink and grow the rank count; ids
// that are not the rank's old part are refused on every rank, naming the id.
#include <gtest/gtest.h>

#include <mpi.h>

#include <part/part_mpi.hpp>

namespace {

int comm_rank() {
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank;
}

int comm_size() {
    int size = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    return size;
}

constexpr std::int32_t kVertices = 97;

// Old parts in blocks, new parts scattered, new part q on rank new_parts - 1 - q: most
// vertices move, and the rank map is not the identity.
struct Case {
    std::vector<std::int32_t> old_part, new_part, rank_of_part;
    part::api::Plan plan;
};

Case make_case(std::int32_t old_parts, std::int32_t new_parts) {
    Case c;
    for (std::int32_t v = 0; v < kVertices; ++v) {
        c.old_part.push_back(v * old_parts / kVertices);
        c.new_part.push_back((v * 7 + v / 5) % new_parts);
    }
    for (std::int32_t q = 0; q < new_parts; ++q) c.rank_of_part.push_back(new_parts - 1 - q);
    c.plan = part::api::make_plan(c.old_part, old_parts, c.new_part, new_parts, c.rank_of_part);
    return c;
}

// This rank's old ids, descending (any order is allowed).
std::vector<std::int32_t> old_ids(const Case& c, int rank) {
    std::vector<std::int32_t> ids;
    for (std::int32_t v = kVertices - 1; v >= 0; --v)
        if (c.old_part[v] == rank) ids.push_back(v);
    return ids;
}

std::vector<std::int32_t> expected_ids(const Case& c, int rank) {
    std::vector<std::int32_t> ids;
    for (std::int32_t v = 0; v < kVertices; ++v)
        if (c.rank_of_part[c.new_part[v]] == rank) ids.push_back(v);
    return ids;
}

std::vector<double> values_of(std::span<const std::int32_t> ids) {
    std::vector<double> values;
    for (std::int32_t v : ids) values.insert(values.end(), {v + 0.25, -2.0 * v, v * v + 1.0});
    return values;
}

// Element v holds v % 4 bytes (some none), byte k being v + k.
std::vector<std::byte> bytes_of(std::int32_t v) {
    std::vector<std::byte> bytes;
    for (int k = 0; k < v % 4; ++k) bytes.push_back(std::byte((v + k) & 0xff));
    return bytes;
}

// Runs check(case, this rank's old ids) for every old and new rank count up to the ranks run.
template <typename Check> void for_every_rank_count(Check check) {
    for (std::int32_t old_parts = 1; old_parts <= comm_size(); ++old_parts)
        for (std::int32_t new_parts = 1; new_parts <= comm_size(); ++new_parts) {
            SCOPED_TRACE(std::to_string(old_parts) + " -> " + std::to_string(new_parts));
            const Case c = make_case(old_parts, new_parts);
            check(c, old_ids(c, comm_rank()));
        }
}

TEST(MigrateMpi, FixedSizeDataFollowsItsIdsForEveryRankCount) {
    for_every_rank_count([](const Case& c, const std::vector<std::int32_t>& ids) {
        const auto values = values_of(ids);
        const auto moved = part::api::migrate<double>(MPI_COMM_WORLD, c.plan, ids, values, 3);
        EXPECT_EQ(moved.ids, expected_ids(c, comm_rank()));
        EXPECT_EQ(moved.values, values_of(expected_ids(c, comm_rank())));
    });
}

TEST(MigrateMpi, VariableSizeDataFollowsItsIdsForEveryRankCount) {
    for_every_rank_count([](const Case& c, const std::vector<std::int32_t>& ids) {
        std::vector<std::int64_t> offsets{0};
        std::vector<std::byte> data;
        for (std::int32_t v : ids) {
            const auto bytes = bytes_of(v);
            data.insert(data.end(), bytes.begin(), bytes.end());
            offsets.push_back(std::int64_t(data.size()));
        }
        const auto moved = part::api::migrate_variable(MPI_COMM_WORLD, c.plan, ids, offsets, data);
        ASSERT_EQ(moved.ids, expected_ids(c, comm_rank()));
        ASSERT_EQ(moved.offsets.size(), moved.ids.size() + 1);
        for (std::size_t i = 0; i < moved.ids.size(); ++i)
            EXPECT_EQ(std::vector<std::byte>(moved.data.begin() + moved.offsets[i],
                                             moved.data.begin() + moved.offsets[i + 1]),
                      bytes_of(moved.ids[i]))
                << "id " << moved.ids[i];
    });
}

// Every rank calls with the ids `edit` makes of its old ids and must throw an error whose
// message contains `expected`.
template <typename Edit>
void expect_refused(const Case& c, Edit edit, const std::string& expected) {
    const int rank = comm_rank();
    std::vector<std::int32_t> ids = old_ids(c, rank);
    edit(rank, ids);
    const std::vector<double> values(ids.size(), 1.0);
    try {
        part::api::migrate<double>(MPI_COMM_WORLD, c.plan, ids, values);
        ADD_FAILURE() << "accepted; expected an error with \"" << expected << '"';
    } catch (const part::api::Error& e) {
        EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
    }
}

TEST(MigrateMpi, AMissingMovingIdIsNamedOnEveryRank) {
    const Case c = make_case(comm_size(), comm_size());
    if (c.plan.messages.empty()) GTEST_SKIP() << "nothing moves on one rank";
    const std::int32_t dropped = c.plan.messages.at(0).vertices.at(0);
    const int source = c.plan.messages[0].source;
    expect_refused(
        c,
        [&](int rank, auto& ids) {
            if (rank == source) std::erase(ids, dropped);
        },
        "misses id " + std::to_string(dropped));
}

TEST(MigrateMpi, AnIdOfAnotherOldPartIsNamed) {
    if (comm_size() < 2) GTEST_SKIP() << "needs two old parts";
    const Case c = make_case(comm_size(), comm_size());
    const auto& message = c.plan.messages.at(0);
    const int other = message.source == 0 ? 1 : 0;
    expect_refused(
        c,
        [&](int rank, auto& ids) {
            if (rank == other) ids.push_back(message.vertices[0]);
        },
        "passes id " + std::to_string(message.vertices[0]));
}

TEST(MigrateMpi, AStayingIdPassedByNoRankOrTwoIsNamed) {
    // Nothing moves: every id stays, so only the ranks' ids together can tell.
    std::vector<std::int32_t> blocks;
    for (std::int32_t v = 0; v < kVertices; ++v) blocks.push_back(v * comm_size() / kVertices);
    Case c{blocks, blocks, {}, part::api::make_plan(blocks, comm_size(), blocks, comm_size())};
    expect_refused(
        c,
        [](int rank, auto& ids) {
            if (rank == 0) std::erase(ids, 0);
        },
        "id 0 is passed by no rank");
    expect_refused(
        c,
        [](int rank, auto& ids) {
            if (rank + 1 == comm_size()) ids.push_back(0);
        },
        comm_size() > 1 ? "id 0 is passed by ranks 0 and " : "id 0 is passed twice");
}

TEST(MigrateMpi, StayingIdsSwappedBetweenRanksAreRefused) {
    if (comm_size() < 2) GTEST_SKIP() << "needs two ranks";
    std::vector<std::int32_t> blocks;
    for (std::int32_t v = 0; v < kVertices; ++v) blocks.push_back(v * comm_size() / kVertices);
    Case c{blocks, blocks, {}, part::api::make_plan(blocks, comm_size(), blocks, comm_size())};
    const std::int32_t last = kVertices - 1; // on the last rank
    expect_refused(
        c,
        [&](int rank, auto& ids) {
            if (rank == 0) std::replace(ids.begin(), ids.end(), 0, last);
            if (rank + 1 == comm_size()) std::replace(ids.begin(), ids.end(), last, 0);
        },
        "not the plan's old partition");
}

TEST(MigrateMpi, DataOfTheWrongSizeIsRefusedOnEveryRank) {
    const Case c = make_case(comm_size(), comm_size());
    const auto ids = old_ids(c, comm_rank());
    std::vector<double> values(ids.size() * 3 + (comm_rank() == 0 ? 1 : 0));
    EXPECT_THROW(part::api::migrate<double>(MPI_COMM_WORLD, c.plan, ids, values, 3),
                 part::api::Error);
}

} // namespace
