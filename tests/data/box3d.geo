// A unit box of a few hundred tetrahedra, with a physical volume.
SetFactory("OpenCASCADE");
Box(1) = {0, 0, 0, 1, 1, 0.5};
Mesh.MeshSizeMax = 0.2;
Physical Volume("fluid") = {1};
