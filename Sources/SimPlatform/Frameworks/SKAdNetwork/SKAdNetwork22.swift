import SimModel

/// SKAdNetwork 2.2: the value timer, and only the winner gets a postback (rulebook §3.3, §5.1).
package struct SKAdNetwork22: ValueTimerRules {
  package init() {}

  package var version: SKAdNetworkVersion { .v2_2 }
  package var sendsRunnerUpPostbacks: Bool { false }
  package var reportsWin: Bool { false }
}
