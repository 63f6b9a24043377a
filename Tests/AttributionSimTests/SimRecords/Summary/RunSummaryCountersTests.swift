import AttributionSim
import SimJSON
import Testing

/// Every counter of a run reaches `summary.json`, the shard files and the shard merge.
@Suite("Run summary counters")
struct RunSummaryCountersTests {
  /// A summary with every optional object of `summary.json` present.
  private func everyObject() -> RunSummary {
    var summary = RunSummary()
    summary.adAttributionKit = true
    summary.hasAppleAds = true
    summary.hasSDK = true
    return summary
  }

  @Test("every whole-number property of the summary and its groups is in the counter table")
  func tableIsComplete() {
    var summary = everyObject()
    for counter in RunSummary.counts { summary[keyPath: counter.path] = 1 }
    // A property left at 0 after setting every listed counter is one the table misses, so
    // neither the merge nor the shard files would carry it.
    var missing: [String] = []
    func visit(_ value: Any, _ name: String) {
      for child in Mirror(reflecting: value).children {
        let label = name + "." + (child.label ?? "?")
        if let count = child.value as? Int {
          if count == 0 && label != ".orphanDrafts" { missing.append(label) }
        } else if child.value is AppleAdsCounts || child.value is SDKCounts {
          visit(child.value, label)
        }
      }
    }
    visit(summary, "")
    #expect(missing == [])
    #expect(RunSummary.counts.count > 40)
  }

  @Test("each counter shows in summary.json, under its own key")
  func reachesJSON() {
    let zero = everyObject().json(scenario: "s", seed: 1).serialized()
    for counter in RunSummary.counts {
      let name = counter.name
      var summary = everyObject()
      summary[keyPath: counter.path] = 987_654_321
      let text = summary.json(scenario: "s", seed: 1).serialized()
      #expect(text.contains("987654321"), "\(name) is not in summary.json")
      #expect(text != zero)
    }
  }

  @Test("each counter of the table sits at its own place in summary.json")
  func places() {
    for (offset, counter) in RunSummary.counters.enumerated() {
      var summary = everyObject()
      summary[keyPath: counter.path] = offset + 1_000
      var value = summary.json(scenario: "s", seed: 1)
      for key in counter.json {
        guard case .object(let members) = value, let inner = members[key] else {
          Issue.record("\(counter.json) is not in summary.json")
          return
        }
        value = inner
      }
      #expect(value == .int(Int64(offset + 1_000)), "\(counter.name) at \(counter.json)")
    }
    let places = RunSummary.counters.map(\.json)
    #expect(Set(places).count == places.count)
    let names = RunSummary.counts.map(\.name)
    #expect(Set(names).count == names.count)
  }

  @Test("each Apple Ads and SDK counter sits at its own place in its object")
  func groupPlaces() {
    func check<Group: CounterGroup>(_ group: Group.Type, _ zero: Group, json: (Group) -> JSONValue) {
      for (offset, counter) in Group.counters.enumerated() {
        var counts = zero
        counts[keyPath: counter.path] = offset + 1_000
        var value = json(counts)
        for key in counter.json {
          guard case .object(let members) = value, let inner = members[key] else {
            Issue.record("\(counter.json) is not in the group's object")
            return
          }
          value = inner
        }
        #expect(value == .int(Int64(offset + 1_000)), "\(counter.name) at \(counter.json)")
      }
      let places = Group.counters.map(\.json)
      #expect(Set(places).count == places.count)
    }
    var summary = everyObject()
    check(AppleAdsCounts.self, summary.appleAds) { counts in
      summary.appleAds = counts
      guard case .object(let members) = summary.json(scenario: "s", seed: 1) else { return .null }
      return members["appleAds"] ?? .null
    }
    check(SDKCounts.self, summary.sdk) { counts in
      summary.sdk = counts
      guard case .object(let members) = summary.json(scenario: "s", seed: 1) else { return .null }
      return members["sdk"] ?? .null
    }
  }

  @Test("merging shards adds every counter")
  func mergeAddsEach() {
    for (index, counter) in RunSummary.counts.enumerated() {
      let (name, path) = (counter.name, counter.path)
      var shard = RunSummary()
      shard[keyPath: path] = index + 2
      var merged = RunSummary()
      merged.add(shard)
      merged.add(shard)
      #expect(merged[keyPath: path] == 2 * (index + 2), "\(name) is not merged")
    }
  }
}
