/*
 * Eight points' constants side by side, as the point-sprite stages in C read them (the small-sprite
 * kernel's vertex stage, small_sprites.h; the binned stage's texel origins, binned_sprites.h).
 */
#ifndef SHATTER_POINT_LANES_H
#define SHATTER_POINT_LANES_H

/* Eight points' constants side by side: Swift's PointLanes, whose SIMD8 fields Swift lays out one after
 * the other in this order (SmallSpriteKernelTests checks every offset). */
typedef struct shatter_point_lanes {
    float centreX[8];
    float centreY[8];
    int originX[8];
    int originY[8];
    float speed[8];
    float acceleration[8];
    float limitTime[8];
    float firstHit[8];
} shatter_point_lanes;

#endif /* SHATTER_POINT_LANES_H */
