// Pricing an arithmetic-average Asian call by quasi-Monte Carlo (Sobol' points, inverse-CDF
// normals, one dimension per time step) against plain Monte Carlo (MRG32k3a, Box-Muller normals).
//
// Black-Scholes model, S0 = 100, K = 100, r = 5%, sigma = 20%, T = 1 year, 64 monitoring dates.
// For each number of paths N = 2^8 .. 2^16 the root-mean-square error over 16 independent
// replications is measured against a reference price: plain MC (16 seeds), QMC with
// Owen-scrambled Sobol' (16 scramble seeds), with the path built step by step, and with a
// Brownian bridge (which puts most of the path's variance into the first, best-distributed
// dimensions). The results go to asian_option_convergence.csv, and, where gnuplot is installed,
// to asian_option_convergence.png (docs/ keeps a copy).
//
//   example_asian_option_qmc [--backend cpu|cuda|auto] [--out DIR]
//
// Runs on the CPU backend (CI) or the GPU; the numbers are the same bits on both.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "gpurng/gpurng.hpp"

namespace {

constexpr double kS0 = 100.0, kStrike = 100.0, kRate = 0.05, kSigma = 0.2, kMaturity = 1.0;
constexpr unsigned kSteps = 64;  // monitoring dates = Sobol' dimensions (a power of two for the bridge)
constexpr unsigned kReplications = 16;

enum class Method { monte_carlo, qmc_stepwise, qmc_bridge };

// Brownian path at the monitoring dates from kSteps standard normals z[0..kSteps).
void stepwise_path(const double* z, double* w) {
  const double dt = kMaturity / kSteps;
  double x = 0;
  for (unsigned j = 0; j < kSteps; ++j) w[j] = x += std::sqrt(dt) * z[j];
}

// Brownian bridge: z[0] sets W(T), z[1] W(T/2), z[2], z[3] the quarter points, and so on.
void bridge_path(const double* z, double* w) {
  const double dt = kMaturity / kSteps;
  w[kSteps - 1] = std::sqrt(kMaturity) * z[0];
  unsigned k = 1;
  for (unsigned span = kSteps; span > 1; span /= 2) {
    for (unsigned right = span - 1; right < kSteps; right += span) {
      const unsigned mid = right - span / 2, left_index = right - span;  // left_index = -1: time 0
      const double wl = right >= span ? w[left_index] : 0.0;
      const double tl = right >= span ? (left_index + 1) * dt : 0.0;
      const double tm = (mid + 1) * dt, tr = (right + 1) * dt;
      const double mean = wl + (w[right] - wl) * (tm - tl) / (tr - tl);
      const double sd = std::sqrt((tm - tl) * (tr - tm) / (tr - tl));
      w[mid] = mean + sd * z[k++];
    }
  }
}

// Discounted payoffs' mean over N paths, from N * kSteps normals laid out dimension-major
// (z[j * N + i] is step or bridge coordinate j of path i, as the Sobol' engines write them).
double price(const std::vector<double>& z, std::size_t n, bool bridge) {
  const double dt = kMaturity / kSteps;
  double sum = 0;
  double zi[kSteps], w[kSteps];
  for (std::size_t i = 0; i < n; ++i) {
    for (unsigned j = 0; j < kSteps; ++j) zi[j] = z[j * n + i];
    bridge ? bridge_path(zi, w) : stepwise_path(zi, w);
    double avg = 0;
    for (unsigned j = 0; j < kSteps; ++j) {
      avg += kS0 * std::exp((kRate - 0.5 * kSigma * kSigma) * (j + 1) * dt + kSigma * w[j]);
    }
    avg /= kSteps;
    sum += avg > kStrike ? avg - kStrike : 0.0;
  }
  return std::exp(-kRate * kMaturity) * sum / static_cast<double>(n);
}

double estimate(Method m, std::size_t n, unsigned replication, gpurng::Backend backend) {
  std::vector<double> z(n * kSteps);
  if (m == Method::monte_carlo) {
    gpurng::Generator g(gpurng::Engine::mrg32k3a, backend);
    g.seed(1000 + replication);
    g.generate_normal(z.data(), z.size());
    return price(z, n, false);
  }
  gpurng::Generator g(gpurng::Engine::sobol64, backend);
  g.dimensions(kSteps);
  g.scramble(gpurng::Scramble::owen);
  g.seed(2000 + replication);
  g.generate_normal(z.data(), z.size());  // inverse-CDF normals, dimension-major
  return price(z, n, m == Method::qmc_bridge);
}

double slope(const std::vector<double>& x, const std::vector<double>& y) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  const double n = static_cast<double>(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double a = std::log(x[i]), b = std::log(y[i]);
    sx += a, sy += b, sxx += a * a, sxy += a * b;
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

}  // namespace

int main(int argc, char** argv) {
  gpurng::Backend backend = gpurng::Backend::automatic;
  std::string out_dir = ".";
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--backend") == 0 && i + 1 < argc) {
      const std::string b = argv[++i];
      backend = b == "cpu" ? gpurng::Backend::cpu : b == "cuda" ? gpurng::Backend::cuda : gpurng::Backend::automatic;
    } else if (std::strcmp(argv[i], "--out") == 0 && i + 1 < argc) {
      out_dir = argv[++i];
    } else {
      std::fprintf(stderr, "usage: example_asian_option_qmc [--backend cpu|cuda|auto] [--out DIR]\n");
      return 2;
    }
  }
  try {
    // Reference: Owen-scrambled Sobol' with the bridge, 2^17 paths x 16 replications; its standard
    // error is printed and is far below the errors plotted.
    const std::size_t n_ref = std::size_t{1} << 17;
    double ref = 0, ref_sq = 0;
    for (unsigned r = 0; r < kReplications; ++r) {
      const double p = estimate(Method::qmc_bridge, n_ref, 100 + r, backend);
      ref += p;
      ref_sq += p * p;
    }
    ref /= kReplications;
    const double ref_se = std::sqrt((ref_sq / kReplications - ref * ref) / (kReplications - 1));
    std::printf("Arithmetic Asian call, %u dates: reference price %.8f (standard error %.1e)\n", kSteps, ref, ref_se);

    const std::string csv_path = out_dir + "/asian_option_convergence.csv";
    std::FILE* csv = std::fopen(csv_path.c_str(), "w");
    if (csv == nullptr) {
      std::fprintf(stderr, "cannot write %s\n", csv_path.c_str());
      return 1;
    }
    std::fprintf(csv, "paths,rmse_mc,rmse_qmc_stepwise,rmse_qmc_bridge\n");
    std::printf("%8s %14s %14s %14s\n", "paths", "RMSE MC", "RMSE QMC", "RMSE QMC+BB");
    std::vector<double> ns, e_mc, e_qs, e_qb;
    for (unsigned k = 8; k <= 16; ++k) {
      const std::size_t n = std::size_t{1} << k;
      double rmse[3] = {0, 0, 0};
      const Method methods[3] = {Method::monte_carlo, Method::qmc_stepwise, Method::qmc_bridge};
      for (int m = 0; m < 3; ++m) {
        for (unsigned r = 0; r < kReplications; ++r) {
          const double e = estimate(methods[m], n, r, backend) - ref;
          rmse[m] += e * e;
        }
        rmse[m] = std::sqrt(rmse[m] / kReplications);
      }
      std::printf("%8zu %14.3e %14.3e %14.3e\n", n, rmse[0], rmse[1], rmse[2]);
      std::fprintf(csv, "%zu,%.6e,%.6e,%.6e\n", n, rmse[0], rmse[1], rmse[2]);
      ns.push_back(static_cast<double>(n));
      e_mc.push_back(rmse[0]);
      e_qs.push_back(rmse[1]);
      e_qb.push_back(rmse[2]);
    }
    std::fclose(csv);
    std::printf("fitted slopes of log RMSE against log N: MC %.2f, QMC %.2f, QMC + bridge %.2f\n", slope(ns, e_mc),
                slope(ns, e_qs), slope(ns, e_qb));

    // The plot, where gnuplot exists (Debian: gnuplot-nox).
    const std::string png = out_dir + "/asian_option_convergence.png";
    const std::string script = out_dir + "/asian_option_convergence.gp";
    if (std::FILE* gp = std::fopen(script.c_str(), "w")) {
      std::fprintf(gp,
                   "set terminal pngcairo size 900,600 font ',11'\n"
                   "set output '%s'\n"
                   "set datafile separator ','\n"
                   "set logscale xy 2\n"
                   "set format y '10^{%%L}'\n"
                   "set logscale y 10\n"
                   "set key top right\n"
                   "set grid\n"
                   "set xlabel 'paths N'\n"
                   "set ylabel 'RMS error of the price (16 replications)'\n"
                   "set title 'Arithmetic Asian call (64 dates): Monte Carlo vs Sobol'' QMC (gpurng)'\n"
                   "plot '%s' skip 1 using 1:2 with linespoints lw 2 title 'MC (MRG32k3a, Box-Muller)', \\\n"
                   "     '' skip 1 using 1:3 with linespoints lw 2 title 'QMC (Owen-scrambled Sobol'', inverse CDF), stepwise path', \\\n"
                   "     '' skip 1 using 1:4 with linespoints lw 2 title 'QMC, Brownian bridge', \\\n"
                   "     %g*sqrt(256.0/x) with lines dt 2 lc 'gray' title 'N^{-1/2}', \\\n"
                   "     %g*(256.0/x) with lines dt 3 lc 'gray' title 'N^{-1}'\n",
                   png.c_str(), csv_path.c_str(), e_mc.front(), e_qb.front());
      std::fclose(gp);
      const std::string cmd = "command -v gnuplot >/dev/null 2>&1 && gnuplot '" + script + "'";
      if (std::system(cmd.c_str()) == 0) {
        std::printf("plot written to %s\n", png.c_str());
      } else {
        std::printf("gnuplot not found: plot script left in %s\n", script.c_str());
      }
    }
  } catch (const gpurng::Error& e) {
    std::fprintf(stderr, "example_asian_option_qmc: %s\n", e.what());
    return 1;
  }
  return 0;
}
