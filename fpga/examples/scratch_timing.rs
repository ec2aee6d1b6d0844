fn main() {
    let a: Vec<String> = std::env::args().collect();
    let sdf = std::fs::read_to_string(&a[1]).unwrap();
    let p: f64 = a[2].parse().unwrap();
    let t = gpu16_fpga::timing::analyse(&sdf, p).unwrap();
    for s in t.over.iter().take(40) {
        println!("{s}");
    }
}
