import AttributionTestSupport
import Foundation
import Testing

/// The library's layers: data flows one way (model → input → behaviour → platform → records →
/// world → services → receiver → outputs → run → studies → optimize), and no folder's types
/// depend on a folder that depends back on them.
@Suite("Layering")
struct LayeringTests {
  /// Every Swift file under `Sources/`, by path relative to it.
  static let sources: [String: String] = {
    let root = TestPaths.repository.appendingPathComponent("Sources")
    var files: [String: String] = [:]
    let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    while let url = walker?.nextObject() as? URL {
      guard url.pathExtension == "swift", let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
      files[String(url.path.dropFirst(root.path.count + 1))] = text
    }
    return files
  }()

  static let graph = SourceGraph(files: sources)

  @Test("every layer target exists and holds sources")
  func layersExist() {
    let present = Set(Self.graph.folders.map { String($0.split(separator: "/")[0]) })
    #expect(Set(SourceGraph.layers).subtracting(present).isEmpty)
  }

  @Test("no file imports its own layer or a later one")
  func importsFlowOneWay() {
    #expect(Self.graph.upwardImports == [])
  }

  @Test("no folder names a type of a later layer's folder")
  func referencesFlowOneWay() {
    let upward = Self.graph.upwardEdges.map { "\($0.from) → \($0.to): \(Self.graph.edges[$0]!.joined(separator: ", "))" }
    #expect(upward == [])
  }

  @Test("the folder-level dependency graph has no cycle")
  func noFolderCycle() {
    let cycle = Self.graph.cycle
    let described = cycle.map { folders in
      zip(folders, folders.dropFirst() + [folders[0]]).map { from, to in
        "\(from) → \(to) (\(Self.graph.edges[.init(from: from, to: to)]!.prefix(4).joined(separator: ", ")))"
      }
    }
    #expect(described == nil)
  }

  /// Networking and child processes are SimServices'; the layers up to the world reach them only
  /// through SimWorld's `ConversionService` protocol.
  @Test("the simulation core (SimModel to SimWorld) opens no connection and starts no program")
  func coreHasNoServices() {
    let core = Set(SourceGraph.layers.prefix { $0 != "SimServices" })
    let modules: Set<String> = ["FoundationNetworking", "Glibc", "Darwin"]
    let types: Set<String> = ["URLSession", "URLRequest", "Process", "Pipe"]
    var found: [String] = []
    for (path, text) in Self.sources.sorted(by: { $0.key < $1.key })
    where core.contains(String(path.split(separator: "/")[0])) {
      let imported = Self.graph.imports[path, default: []].filter(modules.contains)
      let named = SourceGraph.identifiers(in: SourceGraph.withoutCommentsAndStrings(text)).intersection(types)
      found += (imported + named.sorted()).map { "\(path): \($0)" }
    }
    #expect(found == [])
  }

  @Test("test folders named after a layer mirror its source folders")
  func testsMirrorSources() throws {
    let tests = TestPaths.repository.appendingPathComponent("Tests/AttributionSimTests")
    let files = FileManager.default
    var strays: [String] = []
    for layer in SourceGraph.layers {
      let folder = tests.appendingPathComponent(layer)
      guard let walker = files.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
      while let url = walker.nextObject() as? URL {
        guard url.pathExtension == "swift" else { continue }
        let relative = url.deletingLastPathComponent().path.dropFirst(tests.path.count + 1)
        var isFolder: ObjCBool = false
        let source = TestPaths.repository.appendingPathComponent("Sources/\(relative)").path
        if !files.fileExists(atPath: source, isDirectory: &isFolder) || !isFolder.boolValue {
          strays.append("\(relative)/\(url.lastPathComponent)")
        }
      }
    }
    #expect(strays == [], "tests in folders that Sources/ does not have")
  }

  // The checks themselves, on small made-up trees, so that they are known to catch what they claim.

  @Test("a cycle between two folders is found and named")
  func findsCycle() {
    let graph = SourceGraph(files: [
      "SimModel/A/Alpha.swift": "public struct Alpha { var beta: Beta? }",
      "SimModel/B/Beta.swift": "struct Beta {\n  // Gamma in a comment is no reference\n  var alpha: [Alpha] }",
      "SimModel/C/Gamma.swift": "enum Gamma { static let text = \"Alpha\" }",
    ])
    #expect(graph.cycle.map(Set.init) == ["SimModel/A", "SimModel/B"])
    #expect(graph.edges[.init(from: "SimModel/A", to: "SimModel/B")] == ["Beta"])
    #expect(graph.edges[.init(from: "SimModel/C", to: "SimModel/A")] == nil)
  }

  @Test("a reference to a later layer and an upward import are reported")
  func findsUpwardReference() {
    let graph = SourceGraph(files: [
      "SimModel/Scenario/Scenario.swift": "import SimRun\n\npublic struct Scenario { var runner: ScenarioRunner }",
      "SimRun/Runner/ScenarioRunner.swift": "import SimModel\n\npublic enum ScenarioRunner { static func run(_ s: Scenario) {} }",
    ])
    #expect(graph.upwardEdges == [.init(from: "SimModel/Scenario", to: "SimRun/Runner")])
    #expect(graph.upwardImports == ["SimModel/Scenario/Scenario.swift imports SimRun"])
  }

  @Test("string literals with interpolations and nested strings hide their contents")
  func stripsStrings() {
    let code = SourceGraph.withoutCommentsAndStrings(#"let a = "x \(f("Beta")) y"; let b = Gamma() /* Delta */"#)
    #expect(SourceGraph.identifiers(in: code) == ["let", "a", "b", "Gamma"])
  }
}
