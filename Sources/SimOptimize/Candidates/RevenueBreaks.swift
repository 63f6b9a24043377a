import Foundation

/// Optimal one-dimensional partitions of revenue (Fisher's exact method, the "natural breaks"):
/// the edges that split a sample into groups with the least total squared deviation from each
/// group's mean. That spread is what a calibrated decoder cannot recover inside one value, so
/// these edges are where a ladder or a coarse mapping loses least.
public enum RevenueBreaks {
  /// `groups − 1` ascending edges splitting `values` (any order; zeros allowed) into `groups`
  /// groups of least total squared deviation; each edge is the smallest value of the group it
  /// opens. Values are first pooled into bins `1 / binsPerFactor` of a factor e wide (zeros
  /// their own), so a long tail keeps its resolution and the cost stays groups × bins². Fewer
  /// edges when the sample has fewer bins.
  public static func edges(_ values: [Double], groups: Int, binsPerFactor: Double = 25) -> [Double] {
    guard groups >= 2, !values.isEmpty else { return [] }
    let sorted = values.sorted()
    // Equal values always share a bin, so an edge never splits them.
    var runs: [(start: Double, weight: Double, sum: Double, squares: Double)] = []
    var lastBin: Int?
    for value in sorted {
      let bin = value > 0 ? Int((log(value) * binsPerFactor).rounded(.down)) : Int.min
      if bin == lastBin {
        runs[runs.count - 1].weight += 1
        runs[runs.count - 1].sum += value
        runs[runs.count - 1].squares += value * value
      } else {
        runs.append((value, 1, value, value * value))
        lastBin = bin
      }
    }
    let m = runs.count
    let k = min(groups, m)
    guard k >= 2 else { return [] }
    var w = [0.0], s = [0.0], q = [0.0]
    for run in runs {
      w.append(w.last! + run.weight)
      s.append(s.last! + run.sum)
      q.append(q.last! + run.squares)
    }
    func cost(_ i: Int, _ j: Int) -> Double {  // runs i..<j
      let weight = w[j] - w[i], sum = s[j] - s[i]
      return max(0, (q[j] - q[i]) - sum * sum / weight)
    }
    // best[g][j]: least cost of runs 0..<j in g + 1 groups; from[g][j]: where the last group starts.
    var best = Array(repeating: Array(repeating: Double.infinity, count: m + 1), count: k)
    var from = Array(repeating: Array(repeating: 0, count: m + 1), count: k)
    for j in 1...m { best[0][j] = cost(0, j) }
    for g in 1..<k {
      for j in (g + 1)...m {
        for i in g..<j {
          let total = best[g - 1][i] + cost(i, j)
          if total < best[g][j] {
            best[g][j] = total
            from[g][j] = i
          }
        }
      }
    }
    var edges: [Double] = []
    var j = m
    for g in stride(from: k - 1, through: 1, by: -1) {
      let i = from[g][j]
      edges.append(runs[i].start)
      j = i
    }
    return edges.reversed()
  }
}
