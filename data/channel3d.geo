// A 3D channel (4 x 1 x 1) with a cylindrical obstacle across it: a tetrahedral mesh of
// about 100k cells, refined around the obstacle. Regenerate with data/regenerate.sh.
SetFactory("OpenCASCADE");
Box(1) = {0, 0, 0, 4, 1, 1};
Cylinder(2) = {1, 0.5, -0.1, 0, 0, 1.2, 0.15};
BooleanDifference(3) = { Volume{1}; Delete; }{ Volume{2}; Delete; };

lc_far = 0.08;
lc_near = 0.028;
Field[2] = Cylinder;
Field[2].Radius = 0.35;
Field[2].XCenter = 1; Field[2].YCenter = 0.5; Field[2].ZCenter = 0.5;
Field[2].XAxis = 0; Field[2].YAxis = 0; Field[2].ZAxis = 2;
Field[2].VIn = lc_near;
Field[2].VOut = lc_far;
Background Field = 2;
Mesh.MeshSizeExtendFromBoundary = 0;
Mesh.MeshSizeFromPoints = 0;
Mesh.MeshSizeFromCurvature = 0;

Physical Volume("fluid") = {3};
