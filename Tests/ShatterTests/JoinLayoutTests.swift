import Shatter
import Testing

/// Where clips and transitions lie in a join: the video lasts the clips less the transitions.
struct JoinLayoutTests {
    @Test func threeClipsLastTheirLengthsLessTheTwoTransitions() {
        let layout = JoinLayout(clipFrames: [150, 150, 150], transitionFrames: [37, 37])
        #expect(layout.soloFrames == [113, 76, 113] && layout.totalFrames == 376)
        #expect(layout.transitionStart(0) == 113 && layout.transitionStart(1) == 226)
        #expect(layout.entry(1) == 113 && layout.exit(1) == 263 && layout.exit(2) == 376 && layout.soloStart(2) == 263)
    }

    @Test func aClipShorterThanItsTransitionsIsNeverAloneAndTwoClipsMatchAHeadAndATail() {
        let short = JoinLayout(clipFrames: [50, 10, 50], transitionFrames: [20, 20])
        #expect(short.soloFrames == [30, 0, 30] && short.totalFrames == 100)
        let transitionAlone = JoinLayout(clipFrames: [50, 50], transitionFrames: [11], head: false, tail: false)
        #expect(transitionAlone.soloFrames == [0, 0] && transitionAlone.totalFrames == 11)
        #expect(JoinLayout(clipFrames: [50, 50], transitionFrames: [11]).soloFrames == [39, 39])
    }
}
