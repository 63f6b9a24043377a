// The library as one import: the layers, in the order data flows through them. Packages that need
// only part of it may import a layer on its own.
@_exported import SimBehaviour
@_exported import SimEngine
@_exported import SimInput
@_exported import SimJSON
@_exported import SimModel
@_exported import SimOptimize
@_exported import SimOutput
@_exported import SimPlatform
@_exported import SimReceiver
@_exported import SimRecords
@_exported import SimRun
@_exported import SimServices
@_exported import SimStudies
@_exported import SimWorld
