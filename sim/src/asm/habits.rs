//! Mnemonics other assembly languages teach, and what this machine writes instead
//! (docs/ASSEMBLY.md): an unknown mnemonic that a learner brings from RISC-V, x86, ARM or a
//! textbook gets the idiom that does its work here.

/// The idiom for `word`, a mnemonic this machine does not have, if it is a habit from
/// another assembly language.
pub fn idiom(word: &str) -> Option<&'static str> {
    Some(match word.to_ascii_lowercase().as_str() {
        "jmp" | "j" | "jump" | "b" | "br" | "bra" | "goto" => {
            "a jump here is `bnz` on a register that is never 0: `set_const 1, r9`, then \
             `bnz r9, label`"
        }
        "beq" | "bne" | "bnez" | "beqz" | "bz" | "jnz" | "jz" | "jne" | "je" | "cbnz" => {
            "the one branch is `bnz r, label`: it jumps when `r` is not 0 (`cmpge` or `sub` \
             makes the value to test)"
        }
        "mov" | "move" | "mv" | "cp" | "copy" => {
            "copy a register with `or a, a, d` (d = a | a); the destination is the last operand"
        }
        "li" | "ldi" | "movi" | "mvi" | "lui" | "lda" => {
            "a constant goes in with `set_const C, d`, and only into r8-r15 (r0-r7 get the \
             core's number)"
        }
        "lw" | "lb" | "lbu" | "load" | "ldr" | "ldb" => {
            "a load is `ld [row, bank], d`, the bank in r0-r3"
        }
        "sw" | "sb" | "store" | "str" | "stb" => {
            "a store is `st [row, bank], s`, the bank in r0-r3"
        }
        "shl" | "sll" | "lsl" | "sal" | "slli" => "shift left with `lshft a, 0-7, d`",
        "shr" | "srl" | "lsr" | "sar" | "srli" | "asr" => "shift right with `rshft a, 0-7, d`",
        "cmp" | "slt" | "sge" | "cmpgt" | "cmplt" => {
            "compare with `cmpge a, b, d`: d = 1 if a >= b, else 0"
        }
        "halt" | "hlt" | "ret" | "end" | "exit" | "stop" => "a task ends with `ready`",
        "clr" | "zero" => {
            "clear a register with `sub r, r, r` (`set_const 0` into r0-r7 gives the core's number)"
        }
        "inc" | "dec" | "addi" | "subi" => {
            "add a constant by putting it in r8-r15 first (`set_const 1, r9`), then `add a, r9, d`"
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn habits_get_an_idiom_and_this_machines_mnemonics_none() {
        for habit in [
            "jmp", "JMP", "mov", "li", "beq", "halt", "lw", "sw", "shl", "cmp",
        ] {
            assert!(idiom(habit).is_some(), "{habit}");
        }
        for own in [
            "add",
            "bnz",
            "ld",
            "st",
            "set_const",
            "ready",
            "lshft",
            "cmpge",
            "frob",
        ] {
            assert_eq!(idiom(own), None, "{own}");
        }
    }
}
