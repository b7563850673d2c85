import Testing

@testable import Shatter

extension BenchmarkChart {
    /// Expects each budget drawn as a line across the plot in its color, in the row its milliseconds
    /// map to (within a pixel): the point-size chart and another effect's bars alike.
    func expectBudgetLinesAcross(_ image: Image) {
        let columns = Int(plot.left) + 2..<Int(plot.right) - 2
        for budget in Self.budgets {
            let row = Int(y(budget.ms))
            let best = (row - 1...row + 1).map { y in columns.filter { image[$0, y] == Self.budgetColor }.count }.max()!
            #expect(best > columns.count * 9 / 10, "\(budget.label): \(best) of \(columns.count)")
        }
    }
}
