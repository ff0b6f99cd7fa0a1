#include "formats/gmsh_partitioned_output.hpp"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <map>
#include <memory>

#include "formats/atomic_output.hpp"
#include "formats/gmsh_element_types.hpp"
#include "formats/text_output.hpp"
#include "libpart/core/bounding_box.hpp"
#include "libpart/mesh/partitioned_entities.hpp"

namespace part::formats {

namespace {

// ", physical tag 3 (\"inlet\")" for a cell that has a tag: which boundary patch it is.
std::string tag_of_cell(const Mesh& mesh, CellId c) {
    const MeshArray* tags = mesh.find_cell_array(kPhysicalTagArray);
    const auto tag = tags ? std::int32_t(tags->value(std::size_t(c))) : 0;
    if (tag == 0) return "";
    const PhysicalGroup* group =
        find_physical_group(mesh, cell_dimension(mesh.cell_types[std::size_t(c)]), tag);
    return ", physical tag " + std::to_string(tag) + (group ? " (\"" + group->name + "\")" : "");
}

// The gmsh element type of each selected cell; one gmsh cannot take (a polyhedron, an
// OpenFOAM patch's polygon: gmsh has neither) fails naming the mesh, the cell and its tag.
std::vector<int> element_codes(const Mesh& mesh, const std::string& mesh_path,
                               std::span<const CellId> cells) {
    std::vector<int> codes(cells.size());
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const CellType type = mesh.cell_types[std::size_t(cells[i])];
        const auto code = gmsh_element_code(type, int(mesh.cell(cells[i]).size()));
        if (!code)
            throw InputError(mesh_path, 0,
                             "cell " + std::to_string(cells[i]) + " is a " + cell_name(type) +
                                 " of " + std::to_string(mesh.cell(cells[i]).size()) + " nodes" +
                                 tag_of_cell(mesh, cells[i]) +
                                 ", which gmsh has no element type for: write a .vtu or "
                                 ".pvtu instead");
        codes[i] = *code;
    }
    return codes;
}

// A run of elements under one entity: a partitioned entity, or a part's ghost entity.
struct EntityBlock {
    int dim = 0;
    std::int32_t tag = 0;
    std::span<const std::size_t> cells; // positions in the cell selection
};

class GmshPartitionedWriter {
  public:
    GmshPartitionedWriter(const Mesh& mesh, std::span<const CellId> cells,
                          std::span<const PartId> part, std::vector<int> codes, PartId num_parts,
                          const GmshGhosts& ghosts)
        : mesh_(mesh), cells_(cells), part_(part), codes_(std::move(codes)), num_parts_(num_parts),
          model_(partition_model_entities(mesh, cells, part)) {
        if (ghosts.layers > 0)
            add_ghost_entities(model_, mesh, cells, part, ghosts.num_top, num_parts, ghosts.layers);
        boxes_.reserve(model_.partitioned.size());
        entity_boxes_.assign(model_.entities.size(), BoundingBox{});
        for (const PartitionedEntity& e : model_.partitioned) {
            boxes_.push_back(box_of(e.cells));
            entity_boxes_[e.parent].include(boxes_.back());
        }
    }

    // The file of part `p`, or of every part when p < 0.
    void write(ChunkedOutput& out, PartId p) const {
        const std::vector<std::size_t> listed = entities_of(p);
        std::vector<EntityBlock> blocks;
        for (std::size_t k : listed) {
            const PartitionedEntity& e = model_.partitioned[k];
            blocks.push_back({e.dim, e.tag, e.cells});
        }
        // A part's own file holds its ghost cells' elements; the file of all parts has them
        // already, under their owners' entities.
        if (p >= 0 && !model_.ghosts.empty()) {
            const GhostEntity& g = model_.ghosts[std::size_t(p)];
            blocks.push_back({g.dim, g.tag, g.cells});
        }
        std::string& text = out.text();
        text += "$MeshFormat\n4.1 0 8\n$EndMeshFormat\n";
        write_physical_names(text);
        write_entities(text);
        write_partitioned_entities(text, listed, p);
        write_nodes(out, blocks);
        write_elements(out, blocks);
        write_ghost_elements(out.text(), p);
    }

  private:
    double coordinate(PointId q, int k) const {
        return k < mesh_.dim
                   ? mesh_.points[std::size_t(q) * std::size_t(mesh_.dim) + std::size_t(k)]
                   : 0.0;
    }

    // The partitioned entities of part `p`, or of every part when p < 0.
    std::vector<std::size_t> entities_of(PartId p) const {
        std::vector<std::size_t> listed;
        for (std::size_t k = 0; k < model_.partitioned.size(); ++k)
            if (p < 0 || model_.partitioned[k].part == p) listed.push_back(k);
        return listed;
    }

    BoundingBox box_of(std::span<const std::size_t> cells) const {
        BoundingBox box;
        for (std::size_t i : cells)
            for (PointId q : mesh_.cell(cells_[i]))
                for (int k = 0; k < 3; ++k) {
                    box.lo[std::size_t(k)] = std::min(box.lo[std::size_t(k)], coordinate(q, k));
                    box.hi[std::size_t(k)] = std::max(box.hi[std::size_t(k)], coordinate(q, k));
                }
        return box;
    }

    static void append_numbers(std::string& text, std::initializer_list<std::int64_t> values) {
        for (std::int64_t v : values) {
            append_number(text, v);
            text += ' ';
        }
    }

    // The end of an entity's line: a point entity's coordinates, any other entity's bounding
    // box, then its physical tags and (none of) its bounding entities.
    static void append_entity_end(std::string& text, int dim, const BoundingBox& box,
                                  std::int32_t physical) {
        for (int k = 0; k < (dim == 0 ? 3 : 6); ++k) {
            append_number(text, k < 3 ? box.lo[std::size_t(k)] : box.hi[std::size_t(k - 3)]);
            text += ' ';
        }
        append_numbers(text, {physical != 0 ? 1 : 0});
        if (physical != 0) append_numbers(text, {physical});
        if (dim > 0) text += "0 ";
        text.back() = '\n';
    }

    void write_physical_names(std::string& text) const {
        if (mesh_.physical_groups.empty()) return;
        text += "$PhysicalNames\n";
        append_number(text, mesh_.physical_groups.size());
        text += '\n';
        for (const PhysicalGroup& g : mesh_.physical_groups) {
            append_numbers(text, {g.dim, g.tag});
            text += '"' + g.name + "\"\n";
        }
        text += "$EndPhysicalNames\n";
    }

    // Counts of points, curves, surfaces and volumes among `dims`.
    static void append_counts(std::string& text, const std::vector<int>& dims) {
        for (int dim = 0; dim <= 3; ++dim) {
            append_number(text, std::count(dims.begin(), dims.end(), dim));
            text += dim < 3 ? ' ' : '\n';
        }
    }

    // The model entities, their bounding entities left out (gmsh reads a mesh without them).
    void write_entities(std::string& text) const {
        text += "$Entities\n";
        std::vector<int> dims;
        for (const ModelEntity& e : model_.entities) dims.push_back(e.dim);
        append_counts(text, dims);
        for (std::size_t k = 0; k < model_.entities.size(); ++k) {
            const ModelEntity& e = model_.entities[k];
            append_numbers(text, {e.tag});
            append_entity_end(text, e.dim, entity_boxes_[k], e.physical);
        }
        text += "$EndEntities\n";
    }

    // The ghost entities of part `p`'s file (of every part when p < 0).
    std::vector<const GhostEntity*> ghosts_of(PartId p) const {
        std::vector<const GhostEntity*> ghosts;
        for (const GhostEntity& g : model_.ghosts)
            if (p < 0 || g.part == p) ghosts.push_back(&g);
        return ghosts;
    }

    void write_partitioned_entities(std::string& text, std::span<const std::size_t> listed,
                                    PartId p) const {
        text += "$PartitionedEntities\n";
        append_number(text, num_parts_);
        text += '\n';
        const std::vector<const GhostEntity*> ghosts = ghosts_of(p);
        append_number(text, ghosts.size());
        text += '\n';
        for (const GhostEntity* g : ghosts) {
            append_numbers(text, {g->tag, g->part + 1});
            text.back() = '\n';
        }
        std::vector<int> dims;
        for (std::size_t k : listed) dims.push_back(model_.partitioned[k].dim);
        append_counts(text, dims);
        for (std::size_t k : listed) {
            const PartitionedEntity& e = model_.partitioned[k];
            const ModelEntity& parent = model_.entities[e.parent];
            append_numbers(text, {e.tag, parent.dim, parent.tag, 1, e.part + 1});
            append_entity_end(text, e.dim, boxes_[k], parent.physical);
        }
        text += "$EndPartitionedEntities\n";
    }

    void write_nodes(ChunkedOutput& out, std::span<const EntityBlock> blocks) const {
        std::vector<std::span<const std::size_t>> groups;
        for (const EntityBlock& b : blocks) groups.push_back(b.cells);
        const auto nodes = nodes_of_cell_groups(mesh_, cells_, groups);
        std::size_t count = 0;
        PointId min_tag = std::numeric_limits<PointId>::max(), max_tag = 0;
        for (const auto& entity_nodes : nodes) {
            count += entity_nodes.size();
            if (entity_nodes.empty()) continue;
            min_tag = std::min(min_tag, entity_nodes.front() + 1);
            max_tag = std::max(max_tag, entity_nodes.back() + 1);
        }
        std::string& text = out.text();
        text += "$Nodes\n";
        append_numbers(
            text, {std::int64_t(blocks.size()), std::int64_t(count), count ? min_tag : 0, max_tag});
        text.back() = '\n';
        for (std::size_t k = 0; k < blocks.size(); ++k) {
            append_numbers(text, {blocks[k].dim, blocks[k].tag, 0, std::int64_t(nodes[k].size())});
            text.back() = '\n';
            for (PointId q : nodes[k]) {
                append_number(text, q + 1);
                text += '\n';
            }
            for (PointId q : nodes[k]) {
                for (int c = 0; c < 3; ++c) {
                    append_number(text, coordinate(q, c));
                    text += c < 2 ? ' ' : '\n';
                }
                out.flush_if_large();
            }
        }
        text += "$EndNodes\n";
    }

    // One block per partitioned entity and element type, types in gmsh's code order.
    void write_elements(ChunkedOutput& out, std::span<const EntityBlock> entities) const {
        std::vector<std::pair<std::size_t, std::vector<std::size_t>>> blocks;
        std::size_t count = 0;
        CellId min_tag = std::numeric_limits<CellId>::max(), max_tag = 0;
        for (std::size_t k = 0; k < entities.size(); ++k) {
            std::map<int, std::vector<std::size_t>> by_code;
            for (std::size_t i : entities[k].cells) {
                by_code[codes_[i]].push_back(i);
                min_tag = std::min(min_tag, cells_[i] + 1);
                max_tag = std::max(max_tag, cells_[i] + 1);
                ++count;
            }
            for (auto& [code, block] : by_code) blocks.emplace_back(k, std::move(block));
        }
        std::string& text = out.text();
        text += "$Elements\n";
        append_numbers(
            text, {std::int64_t(blocks.size()), std::int64_t(count), count ? min_tag : 0, max_tag});
        text.back() = '\n';
        for (const auto& [k, block] : blocks) {
            append_numbers(text, {entities[k].dim, entities[k].tag, codes_[block.front()],
                                  std::int64_t(block.size())});
            text.back() = '\n';
            for (std::size_t i : block) {
                const CellId c = cells_[i];
                PointId nodes[kMaxHighOrderNodes];
                const auto cell = mesh_.cell(c);
                std::copy(cell.begin(), cell.end(), nodes);
                vtk_to_gmsh_order(mesh_.cell_types[std::size_t(c)], {nodes, cell.size()});
                append_numbers(text, {c + 1});
                for (std::size_t n = 0; n < cell.size(); ++n) append_numbers(text, {nodes[n] + 1});
                text.back() = '\n';
                out.flush_if_large();
            }
        }
        text += "$EndElements\n";
    }

    // Each ghost cell of the file: its element, its owner's partition and the partitions
    // holding it as a ghost (in a part's own file, that part only, as gmsh -part_split writes).
    void write_ghost_elements(std::string& text, PartId p) const {
        const std::vector<const GhostEntity*> ghosts = ghosts_of(p);
        if (ghosts.empty()) return;
        std::map<std::size_t, std::vector<PartId>> holders; // by position, parts ascending
        for (const GhostEntity* g : ghosts)
            for (std::size_t i : g->cells) holders[i].push_back(g->part);
        text += "$GhostElements\n";
        append_number(text, holders.size());
        text += '\n';
        for (const auto& [i, parts] : holders) {
            append_numbers(text, {cells_[i] + 1, part_[i] + 1, std::int64_t(parts.size())});
            for (PartId q : parts) append_numbers(text, {q + 1});
            text.back() = '\n';
        }
        text += "$EndGhostElements\n";
    }

    const Mesh& mesh_;
    std::span<const CellId> cells_;
    std::span<const PartId> part_;
    std::vector<int> codes_;
    PartId num_parts_;
    PartitionedModel model_;
    std::vector<BoundingBox> boxes_;        // of each partitioned entity
    std::vector<BoundingBox> entity_boxes_; // of each model entity
};

} // namespace

std::string gmsh_part_path(const std::string& output, PartId part) {
    const std::filesystem::path path(output);
    return (path.parent_path() /
            (path.stem().string() + "_" + std::to_string(part + 1) + path.extension().string()))
        .string();
}

std::vector<std::string> write_gmsh_partitioned_mesh(const std::string& output, const Mesh& mesh,
                                                     const std::string& mesh_path,
                                                     std::span<const CellId> cells,
                                                     std::span<const PartId> part, PartId num_parts,
                                                     bool split, const GmshGhosts& ghosts) {
    const GmshPartitionedWriter writer(mesh, cells, part, element_codes(mesh, mesh_path, cells),
                                       num_parts, ghosts);
    if (!split) {
        ChunkedOutput out(output);
        writer.write(out, -1);
        out.commit();
        return {output};
    }
    // Every file is written to its temporary before the first is renamed into place.
    std::vector<std::string> paths;
    std::vector<std::unique_ptr<ChunkedOutput>> outputs;
    for (PartId p = 0; p < num_parts; ++p) {
        paths.push_back(gmsh_part_path(output, p));
        outputs.push_back(std::make_unique<ChunkedOutput>(paths.back()));
        writer.write(*outputs.back(), p);
    }
    for (auto& out : outputs) out->commit();
    return paths;
}

} // namespace part::formats
