import AttributionSim
import CommandLineKit

extension ValueParser where Value == Shard {
  /// `--shard I/N`, for `run` and `sweep`.
  static var shard: Self {
    Self { text in
      Shard(text).map(Result.success)
        ?? .failure(
          .invalid(reason: "expected I/N with N from 1 to \(Shard.maximumCount) and I from 0 to N-1, e.g. 0/4"))
    }
  }
}
