import SimJSON

extension Calibration {
  /// The file format's name, in its `format` key.
  public static let formatName = "attrsim-calibration"
  /// The file format version this build writes and reads.
  public static let formatVersion = 1

  /// The calibration file: metadata, then one object per cell in key order (windows numbered
  /// 1–3; seeds as decimal strings, since they exceed JSON's safe integers).
  public var json: JSONValue {
    let stored = self.cells
    let cellValues: [JSONValue] = stored.sorted { $0.key < $1.key }.map { key, cell in
      var object: [String: JSONValue] = [
        "window": .int(Int64(key.window + 1)), "signal": .string(key.signal.name),
        "network": .string(key.source?.network ?? ""), "campaign": .string(key.source?.campaign ?? ""),
        "installs": .int(Int64(cell.installs)), "revenue": .double(cell.revenue),
        "eventUsers": .array(cell.eventUsers.map { .int(Int64($0)) }),
      ]
      // Only a calibration that knows later revenue claims to: zeros would forecast nothing.
      if hasForecasts { object["laterRevenue"] = .double(cell.laterRevenue) }
      return .object(object)
    }
    return .object([
      "format": .string(Self.formatName), "version": .int(Int64(Self.formatVersion)),
      "scenario": .string(scenario), "schemaDigest": .string(schemaDigest), "currency": .string(currency),
      "eventNames": .array(eventNames.map(JSONValue.string)), "windowCount": .int(Int64(windowCount)),
      "minimumInstalls": .int(Int64(minimumInstalls)), "seeds": .array(seeds.map { .string(String($0)) }),
      "installs": .int(Int64(installs)), "cells": .array(cellValues),
    ])
  }
}
