# ctest script: `belote replay` on the Coinche option records of tests/data/coinche-options/ (see its
# README): each record is one deal under one non-default option; deal 1 must have the expected
# outcome and score (docs/rules.md §3.4, §4.4, §4.5).
# -DBELOTE=<binary> -DDATA=<tests/data/coinche-options>

# check_deal(file outcome takers_score defenders_score)
function(check_deal file outcome score0 score1)
  execute_process(COMMAND "${BELOTE}" replay "${DATA}/${file}" OUTPUT_VARIABLE out RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "belote replay ${file} exited with ${status}:\n${out}")
  endif()
  string(JSON got_outcome GET "${out}" deals 0 score outcome)
  string(JSON got0 GET "${out}" deals 0 score score 0)
  string(JSON got1 GET "${out}" deals 0 score score 1)
  if(NOT got_outcome STREQUAL outcome OR NOT got0 EQUAL score0 OR NOT got1 EQUAL score1)
    message(FATAL_ERROR "${file}: deal 1 is ${got_outcome} [${got0}, ${got1}], "
                        "expected ${outcome} [${score0}, ${score1}]:\n${out}")
  endif()
endfunction()

# failed_contract_melds = kept_by_owner: 120♥ failed; the takers keep belote 20 and their tierce 20.
check_deal(failed-contract-melds-kept.json failed 40 282)
# capot_melds = kept_by_owner: 80♥ capot (252 + 80); the defenders keep their carré of tens.
check_deal(capot-melds-kept.json made 332 100)
# coinche_success = reach_only: 80♥ contré, 81-81: a doubled tie fails: 2 × (162 + 80).
check_deal(reach-only-contre-tie.json failed 0 484)
