// Writes a legacy .vtk unstructured grid (as gmsh writes one) as an Exodus II file with VTK's
// own Exodus writer, one element block per cell type. Made tests/data/mixed3d.exo:
//   gmsh mixed3d.geo -3 -format vtk -o mixed3d.vtk
//   g++ -std=c++17 -I/usr/include/vtk-9.1 make_exodus.cpp -o make_exodus \
//     -lvtkIOExodus-9.1 -lvtkIOLegacy-9.1 -lvtkCommonExecutionModel-9.1 \
//     -lvtkCommonDataModel-9.1 -lvtkCommonCore-9.1
//   ./make_exodus mixed3d.vtk mixed3d.exo
#include <vtkExodusIIWriter.h>
#include <vtkNew.h>
#include <vtkUnstructuredGridReader.h>

int main(int argc, char** argv) {
    if (argc != 3) return 2;
    vtkNew<vtkUnstructuredGridReader> reader;
    reader->SetFileName(argv[1]);
    vtkNew<vtkExodusIIWriter> writer;
    writer->SetInputConnection(reader->GetOutputPort());
    writer->SetFileName(argv[2]);
    writer->WriteAllTimeStepsOff();
    return writer->Write() == 1 ? 0 : 1;
}
