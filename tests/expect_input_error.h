// EXPECT_INPUT_ERROR(statement, "--option"): the statement throws posviz::InputError naming that
// option (any other exception, or none, fails the test).
#pragma once

#include <gtest/gtest.h>

#include "core/input_error.h"

#define EXPECT_INPUT_ERROR(statement, expected_option)                \
    do {                                                              \
        try {                                                         \
            statement;                                                \
            ADD_FAILURE() << #statement " did not throw InputError";  \
        } catch (const ::posviz::InputError& error) {                 \
            EXPECT_EQ(error.option, expected_option) << error.what(); \
        }                                                             \
    } while (0)
