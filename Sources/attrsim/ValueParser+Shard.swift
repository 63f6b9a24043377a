import AttributionSim
import CommandLineKit
import Foundation

extension ValueParser where Value == Shard {
  /// `--shard I/N`, for `run` and `sweep`; `auto` takes the slice from a Slurm job array's
  /// environment, `auto/N` from Slurm's or a Kubernetes Indexed Job's with N slices (Kubernetes
  /// does not tell a pod its Job's completions).
  static var shard: Self {
    Self { text in
      if text == "auto" || text.hasPrefix("auto/") {
        var count: Int?
        if text != "auto" {
          guard let given = Int(text.dropFirst("auto/".count)), (1...Shard.maximumCount).contains(given) else {
            return .failure(.invalid(reason: "expected auto/N with N from 1 to \(Shard.maximumCount), e.g. auto/4"))
          }
          count = given
        }
        do throws(Shard.SchedulerError) {
          return .success(try Shard(scheduler: ProcessInfo.processInfo.environment, count: count))
        } catch {
          return .failure(.invalid(reason: error.description))
        }
      }
      return Shard(text).map(Result.success)
        ?? .failure(
          .invalid(
            reason: "expected I/N with N from 1 to \(Shard.maximumCount) and I from 0 to N-1, e.g. 0/4, "
              + "or auto (a Slurm array's task) or auto/N (a Kubernetes Indexed Job's)"))
    }
  }
}
