# Writes gmsh meshes in other formats with meshio's own writers, the test data of the readers:
#   python3 meshio_export.py IN.msh OUT.ugrid|OUT.lb8.ugrid|OUT.r8.ugrid|OUT.inp ...
# .ugrid (AFLR3): cells merged into one block per type, as the format wants; every boundary
# face gets surface id 1 (meshio writes no other). .inp (AVS UCD, meshio's "avsucd"): each
# cell's material is its gmsh physical tag.
# tests/data/mixed3d*.ugrid and mixed3d_ucd.inp: from mixed3d_v41.msh; pyramids3d*.ugrid and
# pyramids3d_ucd.inp: from pyramids3d.msh.
import sys
import numpy as np
import meshio

m = meshio.read(sys.argv[1])
kinds = ["triangle", "quad", "tetra", "pyramid", "wedge", "hexahedron"]
blocks, materials = [], []
for kind in kinds:
    parts = [i for i, b in enumerate(m.cells) if b.type == kind]
    if not parts:
        continue
    blocks.append(meshio.CellBlock(kind, np.concatenate([m.cells[i].data for i in parts])))
    materials.append(np.concatenate([m.cell_data["gmsh:physical"][i] for i in parts]))
for name in sys.argv[2:]:
    if name.endswith(".ugrid"):
        meshio.write(name, meshio.Mesh(m.points, blocks), file_format="ugrid")
    else:
        out = meshio.Mesh(m.points, blocks, cell_data={"avsucd:material": materials})
        meshio.write(name, out, file_format="avsucd")
