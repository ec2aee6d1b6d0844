// gpu16 simulated board: the board top (GPU, UART host bridge, LEDs), compiled by Verilator,
// behind a pseudo-terminal. The harness plays the board's USB-UART chip: bytes a program
// writes to the terminal are sent to the design's uart_rx pin bit by bit, and the design's
// uart_tx pin is sampled back into bytes, at the bit time the design was built for.
//
//   Vgpu16_board_sim +cpb=N +reset=R [+corrupt=K] [+video=PATH +frame=F]
//
// +reset=R is the design's power-on reset in cycles (hdl/src/board/reset.rs): the clock runs
// on through it, and bytes from the host wait until it is over (a real board's 40 µs are over
// long before a host can send), so that the board takes the first request that comes.
//
// +corrupt=K damages the line for tests: bit 3 of every K-th byte in each direction is
// flipped.
//
// +video=PATH runs the video: a pixel clock cycle every second clock cycle, and the symbols
// of the last two frames (F pixel cycles each) kept. Once the clocks have run two frames
// with nothing happening on the link and no run in progress, the kept symbols are written
// to PATH (replaced whole: written beside it, then renamed), oldest first, a little-endian
// 32-bit word per pixel cycle: blue | green << 10 | red << 20. Those two frames hold a whole
// frame of the last picture (its copy takes less than one).
//
// Prints the terminal's path on the first line of standard output, a banner on standard
// error, and serves until SIGINT or SIGTERM. Built and started by `gpu16 board-sim`
// (fpga/src/board/sim.rs).

#include "Vgpu16_board_sim.h"
#include "verilated.h"

#include <deque>
#include <string>
#include <vector>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

static volatile std::sig_atomic_t stop_requested = 0;
static void on_signal(int) { stop_requested = 1; }

// Follows the link's frames (sync, code, length, header check, payload, two CRC bytes;
// sim/src/link/framing.rs) in one direction, to know when the design has a request partly
// received or owes a reply: only then must its clock run on through a quiet line.
struct FrameWatch {
    unsigned char sync;
    int left = -1;  // bytes still to come in the current frame; -1: between frames
    int index = 0;  // bytes of the current frame so far
    unsigned char first[6];  // the frame's first bytes
    // Takes a byte; true when it ends a frame.
    bool push(unsigned char b) {
        if (left < 0) {
            if (b == sync) { left = 2; index = 1; first[0] = b; }  // code and length to come
            return false;
        }
        if (index < 6) first[index] = b;
        if (index == 2) left = b + 3;  // the length byte: check, payload and CRC follow
        else left--;
        index++;
        if (left == 0) { left = -1; return true; }
        return false;
    }
    bool in_frame() const { return left >= 0; }
    void reset() { left = -1; }
    // The frame just ended is an error reply for a damaged request (code EE, error 1): the
    // design now drains, taking nothing until its line has been silent for its timeout.
    bool refused_damaged() const { return index >= 6 && first[1] == 0xee && first[5] == 1; }
};

int main(int argc, char** argv) {
    Verilated::commandArgs(argc, argv);
    const char* arg = Verilated::commandArgsPlusMatch("cpb=");
    const int cpb = (arg && *arg) ? std::atoi(arg + 5) : 4;
    const char* corrupt_arg = Verilated::commandArgsPlusMatch("corrupt=");
    const long corrupt = (corrupt_arg && *corrupt_arg) ? std::atol(corrupt_arg + 9) : 0;
    const char* reset_arg = Verilated::commandArgsPlusMatch("reset=");
    const unsigned long reset_cycles = (reset_arg && *reset_arg) ? std::atol(reset_arg + 7) : 1024;
    long sent = 0, received = 0;
    const char* video_arg = Verilated::commandArgsPlusMatch("video=");
    const std::string video = (video_arg && *video_arg) ? std::string(video_arg + 7) : "";
    const char* frame_arg = Verilated::commandArgsPlusMatch("frame=");
    const long frame = (frame_arg && *frame_arg) ? std::atol(frame_arg + 7) : 420000;
    std::vector<unsigned> kept(video.empty() ? 0 : 2 * frame);
    size_t kept_at = 0;
    // Clock cycles of video still to run before the kept frames are written; -1: written.
    long video_due = -1;

    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0) {
        std::perror("gpu16 board-sim: cannot make a pseudo-terminal");
        return 1;
    }
    const char* path = ptsname(master);
    // Keep the terminal's other side open too: the master then never sees a hang-up between
    // two programs using it. Raw mode, so nothing is echoed back or translated.
    int keep = open(path, O_RDWR | O_NOCTTY);
    struct termios t;
    if (keep < 0 || tcgetattr(keep, &t) != 0) {
        std::perror("gpu16 board-sim: cannot open the pseudo-terminal");
        return 1;
    }
    cfmakeraw(&t);
    tcsetattr(keep, TCSANOW, &t);
    fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK);
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
    std::printf("%s\n", path);
    std::fflush(stdout);

    Vgpu16_board_sim* top = new Vgpu16_board_sim;
    top->clock = 0;
    top->pixel_clock = 0;
    top->uart_rx = 1;
    top->eval();

    std::deque<unsigned char> to_board;
    // Sending to the board: the frame (start, 8 data, stop) and where we are in it.
    int tx_bit = -1, tx_count = 0;
    unsigned tx_frame = 0;
    // Receiving from the board: bits sampled in the middle of each bit time.
    int rx_bit = -1, rx_count = 0;
    unsigned rx_byte = 0;
    // Cycles since anything happened on either line.
    long quiet = 0;
    // The design holds part of a request, or owes the reply to a whole one.
    FrameWatch requests{0xa5}, replies{0x5a};
    bool owes_reply = false;
    // The design drains after a damaged request: bytes it drops are not followed as frames,
    // and its clock runs on until the silence it waits for is over.
    bool draining = false;
    unsigned char buf[256];

    for (unsigned long cycle = 0; !stop_requested; cycle++) {
        // Bytes from the host, when there is room for them: looked for every 16 cycles (a byte
        // takes 10 bit times on the line), not with a system call every cycle.
        if (to_board.size() < 4096 && cycle % 16 == 0) {
            ssize_t n = read(master, buf, sizeof buf);
            for (ssize_t i = 0; i < n; i++) to_board.push_back(buf[i]);
        }
        // The board's receive pin.
        if (tx_bit < 0 && !to_board.empty() && cycle > reset_cycles) {
            unsigned char b = to_board.front();
            if (corrupt > 0 && ++sent % corrupt == 0) b ^= 0x08;
            if (!draining && requests.push(b)) owes_reply = true;
            tx_frame = (1u << 9) | ((unsigned)b << 1);
            to_board.pop_front();
            tx_bit = 0;
            tx_count = 0;
        }
        if (tx_bit >= 0) {
            top->uart_rx = (tx_frame >> tx_bit) & 1;
            if (++tx_count == cpb) {
                tx_count = 0;
                if (++tx_bit == 10) tx_bit = -1;
            }
        } else {
            top->uart_rx = 1;
        }

        top->clock = 1;
        top->eval();
        top->clock = 0;
        top->eval();
        if (!video.empty() && (cycle & 1)) {
            top->pixel_clock = 1;
            top->eval();
            kept[kept_at] = top->tmds_blue | (top->tmds_green << 10) | (top->tmds_red << 20);
            kept_at = (kept_at + 1) % kept.size();
            top->pixel_clock = 0;
            top->eval();
        }

        // The board's transmit pin: a falling edge starts a byte.
        if (rx_bit < 0) {
            if (!top->uart_tx) {
                rx_bit = 0;
                rx_count = cpb / 2;
            }
        } else if (--rx_count == 0) {
            rx_count = cpb;
            if (rx_bit >= 1 && rx_bit <= 8) rx_byte |= (unsigned)top->uart_tx << (rx_bit - 1);
            if (rx_bit == 0 && top->uart_tx) {
                rx_bit = -1;  // a glitch, not a start bit
            } else if (++rx_bit == 10) {
                unsigned char b = (unsigned char)rx_byte;
                if (corrupt > 0 && ++received % corrupt == 0) b ^= 0x08;
                if (replies.push(b)) {
                    owes_reply = false;
                    if (replies.refused_damaged()) {
                        draining = true;
                        requests.reset();
                    }
                }
                // Like a UART with nobody reading: a byte that does not fit is lost.
                if (write(master, &b, 1) < 0) {}
                rx_bit = -1;
                rx_byte = 0;
            }
        }

        bool busy = tx_bit >= 0 || rx_bit >= 0 || !to_board.empty() || !top->uart_tx;
        // LED 1: a run is in progress.
        bool running = (top->leds >> 1) & 1;
        quiet = (busy || running) ? 0 : quiet + 1;
        if (!video.empty()) {
            if (busy || running) {
                video_due = 4 * frame;
            } else if (video_due > 0 && --video_due == 0) {
                const std::string part = video + ".part";
                FILE* f = std::fopen(part.c_str(), "wb");
                for (size_t i = 0; f && i < kept.size(); i++) {
                    unsigned w = kept[(kept_at + i) % kept.size()];
                    unsigned char b[4] = {(unsigned char)w, (unsigned char)(w >> 8),
                                          (unsigned char)(w >> 16), (unsigned char)(w >> 24)};
                    std::fwrite(b, 1, 4, f);
                }
                if (!f || std::fclose(f) != 0 || std::rename(part.c_str(), video.c_str()) != 0) {
                    std::perror("gpu16 board-sim: cannot write the video");
                }
                video_due = -1;
            }
        }
        // Quiet, with no request partly received and no reply owed: nothing in the design
        // needs its clock, so wait for the host instead of spinning. (Otherwise the clock runs
        // for longer than the bridge waits before dropping a partial request, 2048 bit times,
        // or replies.) The design cannot tell a stopped clock from a quiet line.
        bool settled = cycle > reset_cycles && !requests.in_frame() && !owes_reply &&
                       !replies.in_frame() && !draining;
        if (quiet > 2048L * cpb + 1024) {
            // As long as the design's own silence timeout: it has dropped any partial request
            // and ended any drain.
            draining = false;
            requests.reset();
        }
        if (quiet > (settled ? 64 : 2048L * cpb + 1024) && video_due <= 0) {
            struct pollfd p = {master, POLLIN, 0};
            poll(&p, 1, 5);
        }
    }
    top->final();
    delete top;
    close(keep);
    close(master);
    return 0;
}
