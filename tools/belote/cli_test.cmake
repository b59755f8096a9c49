# ctest script: runs the `belote` binary on the committed examples (docs/examples/).
# -DBELOTE=<binary> -DEXAMPLES=<docs/examples>
function(check_output name expected_file actual)
  file(READ "${expected_file}" expected)
  if(NOT actual STREQUAL expected)
    message(FATAL_ERROR "${name}: output differs from ${expected_file}:\n${actual}")
  endif()
endfunction()

# 1. Replay of a finished coinche match: exact output, exit 0.
execute_process(COMMAND "${BELOTE}" replay "${EXAMPLES}/record-coinche.json"
                OUTPUT_VARIABLE out RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "belote replay record-coinche.json exited with ${status}:\n${out}")
endif()
check_output("replay" "${EXAMPLES}/record-coinche.replay.json" "${out}")

# 2. A tampered copy (one played card changed): non-zero exit, the failing index, seat and reason.
execute_process(COMMAND "${BELOTE}" replay "${EXAMPLES}/record-coinche-tampered.json"
                OUTPUT_VARIABLE out RESULT_VARIABLE status)
if(status EQUAL 0)
  message(FATAL_ERROR "belote replay accepted a tampered record:\n${out}")
endif()
check_output("tampered replay" "${EXAMPLES}/record-coinche-tampered.replay.json" "${out}")

# 3. Legal cards of a position read on stdin.
execute_process(COMMAND "${BELOTE}" legal INPUT_FILE "${EXAMPLES}/position-l3.json"
                OUTPUT_VARIABLE out RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "belote legal exited with ${status}:\n${out}")
endif()
check_output("legal" "${EXAMPLES}/position-l3.legal.json" "${out}")
